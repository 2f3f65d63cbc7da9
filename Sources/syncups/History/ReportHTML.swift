import SyncUpsCore

/// The HTML of `syncups report`: one document that needs nothing else. Charts are inline SVG
/// drawn with presentation attributes only (no `style`, no script to run), so that a content
/// security policy forbidding inline scripts and styles still shows them; each has a `<title>`
/// and a table of its numbers after it. The figures are embedded once as JSON in an inert
/// `<script type="application/json" id="syncups-data">`. Every coordinate is a whole number
/// and nothing depends on the time of writing, so the same data gives the same bytes.
///
/// ```swift
/// ReportHTML.document([trend], title: "Stand-up report", byPerson: false, stamp: nil)
/// ```
enum ReportHTML {
  static let defaultTitle = "Stand-up report"
  /// A chart's drawing height, and the width a chart is shown at.
  static let height = 160
  static let shownWidth = 640
  /// Names in charts are cut to this many characters, with `…`.
  static let labelLength = 16
  /// The colour of plan lines, axes and second series.
  static let ink = "#444444"
  static let muted = "#BBBBBB"
  static let empty = "#EEEEEE"

  /// The whole document, ending in a newline.
  static func document(
    _ trends: [SyncUpTrend], title: String, byPerson: Bool, stamp: String?
  ) -> String {
    let data = JSONOutput.array(trends.map { JSONOutput.trend($0, byPerson: byPerson) })
      .text(pretty: false)
    var html = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escape(title))</title>
      <script type="application/json" id="syncups-data">\(scriptSafe(data))</script>
      </head>
      <body>
      <h1>\(escape(title))</h1>

      """
    if let stamp { html += "<p>Written \(escape(stamp)).</p>\n" }
    if trends.isEmpty { html += "<p>No sync-ups.</p>\n" }
    for (index, trend) in trends.enumerated() {
      html += section(trend, number: index + 1, byPerson: byPerson)
    }
    return html + "</body>\n</html>\n"
  }

  /// One sync-up's section: its heading and span, then each chart.
  static func section(_ trend: SyncUpTrend, number: Int, byPerson: Bool) -> String {
    var chart = Chart(prefix: "s\(number)", color: trend.theme.hex)
    var html = "<section id=\"syncup-\(trend.syncUpID.uuidString)\">\n"
    html += "<h2>\(escape(SyncUp.shownTitle(trend.title)))</h2>\n"
    html += "<p>\(escape(TrendRenderer.span(trend))).</p>\n"
    let timed = trend.points.filter { $0.length != nil }
    guard !trend.points.isEmpty else {
      return html + "<p>No meetings in these weeks.</p>\n</section>\n"
    }
    if !timed.isEmpty {
      html += chart.lengths(timed)
    }
    if trend.recordsSchedule {
      html += chart.lateness(trend.points.filter { $0.lateness != nil })
    }
    if trend.points.contains(where: { $0.expected > 0 }) {
      html += chart.attendance(trend)
    }
    if !trend.turnLengths.isEmpty {
      html += chart.turns(trend.turnLengths)
    }
    if trend.weeks.contains(where: { $0.blockersOpened > 0 || $0.blockersResolved > 0 })
      || trend.ages.open > 0
    {
      html += chart.blockers(trend)
      html += chart.ages(trend.ages)
    }
    if byPerson {
      if let people = trend.people {
        html += chart.people(people)
      } else {
        html += "<p>\(escape(TrendRenderer.tooFewPeople))</p>\n"
      }
    }
    return html + "</section>\n"
  }

  /// Text for HTML: `&`, `<`, `>` and quotes escaped.
  static func escape(_ text: String) -> String {
    let text = sanitize(text)
    let special = text.utf8.contains { byte in
      byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
        || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
    guard special else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  /// JSON inside a script element: every `<` (so `</script>` and `<!--` too) as `\u003c`,
  /// which only strings hold and which decodes to the same text.
  static func scriptSafe(_ json: String) -> String {
    var json = json
    let safe: [UInt8]? = json.withUTF8 { utf8 in
      guard utf8.contains(UInt8(ascii: "<")) else { return nil }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(utf8.count + 64)
      var runStart = 0
      for index in utf8.indices where utf8[index] == UInt8(ascii: "<") {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        bytes.append(contentsOf: #"\u003c"#.utf8)
        runStart = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
      return bytes
    }
    return safe.map { String(decoding: $0, as: UTF8.self) } ?? json
  }

  /// A name in a chart: cut to ``labelLength`` characters with `…`.
  static func label(_ text: String) -> String {
    text.count > labelLength ? String(text.prefix(labelLength - 1)) + "…" : text
  }

  /// The charts of one section, numbered for their titles' ids.
  struct Chart {
    var prefix: String
    var color: String
    var count = 0

    /// An `<svg>` of `width` × `height` drawing units with a title, `body` inside, and after
    /// it a table with `header` and `rows`. Unless `stretched` is false, it is shown
    /// ``shownWidth`` wide, its drawing stretched to fit.
    mutating func figure(
      title: String, width: Int, height: Int = ReportHTML.height, stretched: Bool = true,
      body: String, header: [String], rows: [[String]]
    ) -> String {
      count += 1
      let id = "\(prefix)c\(count)"
      let shown = stretched ? shownWidth : width
      var html = "<figure>\n<svg role=\"img\" aria-labelledby=\"\(id)\" width=\"\(shown)\""
      html += " height=\"\(height)\" viewBox=\"0 0 \(max(width, 1)) \(height)\""
      html += (stretched ? " preserveAspectRatio=\"none\"" : "")
        + ">\n<title id=\"\(id)\">\(escape(title))</title>\n"
      html += body + "</svg>\n<figcaption>\(escape(title))</figcaption>\n"
      html += "<table border=\"1\" cellpadding=\"3\">\n<tr>"
      html += header.map { "<th>\(escape($0))</th>" }.joined() + "</tr>\n"
      for row in rows {
        html += "<tr>" + row.map { "<td>\(escape($0))</td>" }.joined() + "</tr>\n"
      }
      return html + "</table>\n</figure>\n"
    }

    /// Bars of `values` (each at most `top`), `step` units apart, in `fill`.
    static func bars(_ values: [Int], top: Int, step: Int, fill: String, offset: Int = 0)
      -> String
    {
      var body = "<g fill=\"\(fill)\">\n"
      for (index, value) in values.enumerated() where value > 0 {
        let high = scaled(value, top: top)
        body += "<rect x=\"\(index * step + offset)\" y=\"\(ReportHTML.height - high)\""
        body += " width=\"\(max(step - 1 - offset, 1))\" height=\"\(high)\"/>\n"
      }
      return body + "</g>\n"
    }

    /// `value` of `top` in drawing units, whole, at most the chart's height.
    static func scaled(_ value: Int, top: Int) -> Int {
      guard top > 0 else { return 0 }
      return min(max(value, 0) * (ReportHTML.height - 10) / top, ReportHTML.height)
    }

    /// Each timed meeting's length as a bar, its plan as a line.
    mutating func lengths(_ points: [SyncUpTrend.MeetingPoint]) -> String {
      let step = 6
      let lengths = points.map { $0.length ?? 0 }
      let plans = points.map { $0.planned ?? 0 }
      let top = max(lengths.max() ?? 0, plans.max() ?? 0)
      var body = Self.bars(lengths, top: top, step: step, fill: color)
      let line = plans.enumerated().map { index, plan in
        let y = ReportHTML.height - Self.scaled(plan, top: top)
        return "\(index * step),\(y) \(index * step + step),\(y)"
      }
      body += "<polyline fill=\"none\" stroke=\"\(ink)\" stroke-width=\"2\" points=\""
        + line.joined(separator: " ") + "\"/>\n"
      return figure(
        title: "Length of each meeting against its plan", width: points.count * step,
        body: body, header: ["Day", "Length", "Planned"],
        rows: points.map {
          [$0.day.longText, DurationText.clock($0.length ?? 0), DurationText.clock($0.planned ?? 0)]
        })
    }

    /// How late each meeting that records its planned instant started (early is 0).
    mutating func lateness(_ points: [SyncUpTrend.MeetingPoint]) -> String {
      let step = 6
      let late = points.map { max($0.lateness ?? 0, 0) }
      return figure(
        title: "How late each meeting started", width: points.count * step,
        body: Self.bars(late, top: late.max() ?? 0, step: step, fill: color),
        header: ["Day", "Late by"],
        rows: points.map {
          [$0.day.longText, ($0.lateness ?? 0) < 0 ? "early" : DurationText.clock($0.lateness ?? 0)]
        })
    }

    /// A square a day, weeks down and weekdays across, as dark as the places taken.
    mutating func attendance(_ trend: SyncUpTrend) -> String {
      let size = 20
      var days: [Int: (expected: Int, attended: Int)] = [:]
      for point in trend.points {
        let old = days[point.day.daysSince1970] ?? (0, 0)
        days[point.day.daysSince1970] = (old.0 + point.expected, old.1 + point.attended)
      }
      var body = ""
      var rows: [[String]] = []
      let names = (0..<7).map { trend.weeks[0].start.adding(days: $0).longText.prefix(3) }
      for (row, week) in trend.weeks.enumerated() {
        var cells = [week.start.longText]
        for column in 0..<7 {
          let day = week.start.adding(days: column)
          let x = column * size, y = row * size
          guard let taken = days[day.daysSince1970], taken.expected > 0 else {
            body += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(size - 2)\" height=\"\(size - 2)\""
            body += " fill=\"\(empty)\"/>\n"
            cells.append("")
            continue
          }
          let percent = (taken.attended * 200 + taken.expected) / (taken.expected * 2)
          let opacity = percent == 100 ? "1" : "0.\(percent < 10 ? "0" : "")\(percent)"
          body += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(size - 2)\" height=\"\(size - 2)\""
          body += " fill=\"\(color)\" fill-opacity=\"\(opacity)\"/>\n"
          cells.append("\(taken.attended) of \(taken.expected)")
        }
        rows.append(cells)
      }
      return figure(
        title: "Attendance by week and weekday", width: 7 * size,
        height: trend.weeks.count * size, stretched: false, body: body,
        header: ["Week of"] + names.map(String.init), rows: rows)
    }

    /// The lengths of turns: under 30 seconds, up to a minute, two, three, and longer.
    static let turnBuckets: [(name: String, range: Range<Int>)] = [
      ("under 0:30", 0..<30), ("0:30 to 1:00", 30..<60), ("1:00 to 2:00", 60..<120),
      ("2:00 to 3:00", 120..<180), ("3:00 or more", 180..<Int.max),
    ]

    mutating func turns(_ lengths: [Int]) -> String {
      let counts = Self.turnBuckets.map { bucket in
        lengths.count { bucket.range.contains(max($0, 0)) }
      }
      return figure(
        title: "Turn lengths", width: counts.count * 40,
        body: Self.bars(counts, top: counts.max() ?? 0, step: 40, fill: color),
        header: ["Length", "Turns"],
        rows: zip(Self.turnBuckets, counts).map { [$0.name, String($1)] })
    }

    /// Blockers opened (the theme colour) and resolved (grey) each week.
    mutating func blockers(_ trend: SyncUpTrend) -> String {
      let opened = trend.weeks.map(\.blockersOpened)
      let resolved = trend.weeks.map(\.blockersResolved)
      let top = max(opened.max() ?? 0, resolved.max() ?? 0)
      let body =
        Self.bars(opened, top: top, step: 20, fill: color)
        + Self.bars(resolved, top: top, step: 20, fill: muted, offset: 9)
      return figure(
        title: "Blockers opened and resolved each week", width: trend.weeks.count * 20,
        body: body, header: ["Week of", "Opened", "Resolved"],
        rows: trend.weeks.map {
          [$0.start.longText, String($0.blockersOpened), String($0.blockersResolved)]
        })
    }

    /// The blockers open today by age, the oldest named after the table.
    mutating func ages(_ ages: SyncUpTrend.Ages) -> String {
      var html = figure(
        title: "Open blockers by age in working days", width: ages.counts.count * 40,
        body: Self.bars(ages.counts, top: ages.counts.max() ?? 0, step: 40, fill: color),
        header: ["Age", "Open"],
        rows: zip(TrendRenderer.bucketNames, ages.counts).map { [$0, String($1)] })
      if let oldest = ages.oldest {
        html += "<p>Oldest: \(escape(oldest.text)), open \(Item.daysText(oldest.age)).</p>\n"
      }
      return html
    }

    /// Each person's share of the time spoken as a bar, the even share as a line.
    mutating func people(_ people: [SyncUpTrend.Person]) -> String {
      let step = 80
      var body = Self.bars(people.map(\.sharePercent), top: 100, step: step, fill: color)
      let even = ReportHTML.height - Self.scaled(people.first?.evenPercent ?? 0, top: 100)
      body += "<line x1=\"0\" y1=\"\(even)\" x2=\"\(people.count * step)\" y2=\"\(even)\""
      body += " stroke=\"\(ink)\" stroke-width=\"2\"/>\n<g fill=\"\(ink)\" font-size=\"10\">\n"
      for (index, person) in people.enumerated() {
        body += "<text x=\"\(index * step + 2)\" y=\"10\">"
          + escape(label(TrendRenderer.personName(person))) + "</text>\n"
      }
      body += "</g>\n"
      let html = figure(
        title: "Share of the time spoken against the even share", width: people.count * step,
        body: body, header: ["Person", "Share", "Even", "Attended", "Turns over"],
        rows: people.map {
          [
            TrendRenderer.personName($0), "\($0.sharePercent)%", "\($0.evenPercent)%",
            "\($0.attended) of \($0.expected)", "\($0.turnsOver) of \($0.turns)",
          ]
        })
      return html + "<p>\(escape(TrendRenderer.peopleFooter))</p>\n"
    }
  }
}
