// The SharedState benchmarks (see README): release build, best of 5 repetitions, ns per op.
//
//   swift run -c release --package-path Benchmarks SharedStateBenchmarks
import BenchmarkSupport
import SharedState

struct Item: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  var attendees: [String]
  var notes: [String]
}

func makeItem(_ i: Int) -> Item {
  Item(
    id: i, title: "Item \(i)",
    attendees: ["Blob", "Blob Jr", "Blob Sr", "Blob Esq", "Blob III", "Blobby"],
    notes: (0..<50).map { "note \($0) #\(i % 1000)" }
  )
}

func makeItems(_ n: Int) -> IdentifiedArrayOf<Item> {
  IdentifiedArrayOf(uniqueElements: (0..<n).map(makeItem))
}

/// A fresh in-memory shared array per repetition, and the shared element in its middle.
struct Fixture {
  let items: Shared<IdentifiedArrayOf<Item>>
  let item: Shared<Item>
  let k: Int

  init(n: Int, repetition: Int) {
    let items = Shared(wrappedValue: makeItems(n), .inMemory("items-\(n)-\(repetition)"))
    self.items = items
    self.k = n / 2
    self.item = items[id: n / 2]!
  }
}

let writes = 10_000
let reads = 100_000

// W1: a write through the derived element reference, at N = 100 and N = 10,000.
func w1(n: Int) -> Double {
  best(setup: { Fixture(n: n, repetition: $0) }) { fixture in
    for i in 0..<writes { fixture.item.withLock { $0.title = "t\(i)" } }
  }.nanoseconds / Double(writes)
}

// W2: reads through the derived element reference.
func w2() -> Double {
  best(setup: { (Fixture(n: 10_000, repetition: 100 + $0), 0) }) { state in
    let item = state.0.item
    var total = 0
    for _ in 0..<reads { total &+= item.wrappedValue.title.utf8.count }
    state.1 = total
  }.nanoseconds / Double(reads)
}

// W3: the same write through the root.
func w3() -> Double {
  best(setup: { Fixture(n: 10_000, repetition: 200 + $0) }) { fixture in
    let k = fixture.k
    for i in 0..<writes { fixture.items.withLock { $0[id: k]!.title = "t\(i)" } }
  }.nanoseconds / Double(writes)
}

// W4: 1,000 tasks × 10 atomic increments on one Shared<Int>.
func w4() async -> (ms: Double, final: Int) {
  var fastest = Double.infinity
  var final = 0
  for _ in 0..<5 {
    let count = Shared(0)
    let clock = ContinuousClock()
    let start = clock.now
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 {
        group.addTask { for _ in 0..<10 { count.withLock { $0 += 1 } } }
      }
    }
    fastest = min(fastest, (clock.now - start).milliseconds)
    final = count.wrappedValue
  }
  return (fastest, final)
}

// W5: the floor, the W1 write on a plain local identified array.
@inline(never)
func plainWrite(_ items: inout IdentifiedArrayOf<Item>, _ k: Int, _ i: Int) {
  items[id: k]!.title = "t\(i)"
}

func w5() -> Double {
  best(setup: { _ in makeItems(10_000) }) { items in
    for i in 0..<writes { plainWrite(&items, 5_000, i) }
  }.nanoseconds / Double(writes)
}

// W5's yardstick: the same write by index into a plain [Item], string interpolation included.
@inline(never)
func arrayWrite(_ items: inout [Item], _ index: Int, _ i: Int) {
  items[index].title = "t\(i)"
}

func w5Array() -> Double {
  best(setup: { _ in makeItems(10_000).elements }) { items in
    for i in 0..<writes { arrayWrite(&items, 5_000, i) }
  }.nanoseconds / Double(writes)
}

let w1Small = w1(n: 100)
let w1Large = w1(n: 10_000)
let w2Read = w2()
let w3Root = w3()
let w4Result = await w4()
let w5Floor = w5()
let w5ArrayFloor = w5Array()

var rows = [
  BenchmarkRow(
    id: "W1", workload: "write via $items[id: k], N = 100", measured: format(ns: w1Small),
    target: "-", met: nil),
  BenchmarkRow(
    id: "W1", workload: "write via $items[id: k], N = 10,000", measured: format(ns: w1Large),
    target: "≤ 1 µs and ≤ 10× W5", met: w1Large <= 1_000 && w1Large <= w5Floor * 10),
  BenchmarkRow(
    id: "W1", workload: "ratio N = 10,000 / N = 100", measured: format(ratio: w1Large / w1Small),
    target: "≤ 2×", met: w1Large / w1Small <= 2),
  BenchmarkRow(
    id: "W2", workload: "read via $items[id: k] (N = 10,000)", measured: format(ns: w2Read),
    target: "≤ 300 ns", met: w2Read <= 300),
  BenchmarkRow(
    id: "W3", workload: "write via $items.withLock (N = 10,000)", measured: format(ns: w3Root),
    target: "≤ 10× W5 (\(format(ns: w5Floor * 10)))", met: w3Root <= w5Floor * 10),
  BenchmarkRow(
    id: "W4", workload: "1,000 tasks × 10 withLock increments",
    measured: "\(format(ns: w4Result.ms * 1e6)), final \(w4Result.final)",
    target: "≤ 30 ms, exactly 10000", met: w4Result.ms <= 30 && w4Result.final == 10_000),
  BenchmarkRow(
    id: "W5", workload: "write by id on a local IdentifiedArrayOf (floor)",
    measured: format(ns: w5Floor),
    target: "-", met: nil),
  BenchmarkRow(
    id: "W5", workload: "write by index into a plain [Item]", measured: format(ns: w5ArrayFloor),
    target: "-", met: nil),
  BenchmarkRow(
    id: "W5", workload: "ratio identified array / plain [Item]",
    measured: format(ratio: w5Floor / w5ArrayFloor), target: "≤ 2.5×",
    met: w5Floor / w5ArrayFloor <= 2.5),
]
rows += fileStorageRows()
printTable(rows)
