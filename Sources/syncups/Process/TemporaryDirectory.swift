/// Where syncups makes its temporary files and folders (the editor's file, a hook's input and
/// output, the sample data of `hooks run --sample`): `TMPDIR` when set and not empty, else
/// `/tmp`, as other Unix tools choose.
enum TemporaryDirectory {
  static func path(in environment: [String: String]) -> String {
    environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
  }
}
