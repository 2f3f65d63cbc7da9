func fileStorageRows() -> [BenchmarkRow] { [] }
