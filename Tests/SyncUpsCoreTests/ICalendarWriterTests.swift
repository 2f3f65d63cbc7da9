#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncUpsCore
import Testing

@Suite("iCalendar writer")
struct ICalendarWriterTests {
  @Test func linesEndInCRLF() {
    var calendar = ICalendarWriter()
    calendar.begin("VCALENDAR")
    calendar.property("VERSION", "2.0")
    calendar.property("DTSTART", parameters: [("TZID", "Europe/Berlin")], "20261130T093000")
    calendar.end("VCALENDAR")
    #expect(
      calendar.text
        == "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nDTSTART;TZID=Europe/Berlin:20261130T093000\r\n"
        + "END:VCALENDAR\r\n")
  }

  @Test func textEscapesBackslashSemicolonCommaAndLineBreaks() {
    #expect(
      ICalendarWriter.escaped("a\\b; c, d\ne\r\nf\rg\th\u{7}i")
        == "a\\\\b\\; c\\, d\\ne\\nf\\ng\th" + "i")
    var calendar = ICalendarWriter()
    calendar.text("SUMMARY", "Design, weekly")
    #expect(calendar.text == "SUMMARY:Design\\, weekly\r\n")
  }

  @Test func aParameterValueWithAColonIsQuoted() {
    var calendar = ICalendarWriter()
    calendar.property("X", parameters: [("A", "b:c"), ("D", "e\"f")], "v")
    #expect(calendar.text == "X;A=\"b:c\";D=ef:v\r\n")
  }

  @Test func aLineOf75OctetsIsNotFolded() {
    let line = "DESCRIPTION:" + String(repeating: "a", count: 63)
    #expect(line.utf8.count == 75)
    #expect(ICalendarWriter.folded(line) == line + "\r\n")
  }

  @Test func longLinesFoldAt75OctetsWithASpace() {
    let line = "DESCRIPTION:" + String(repeating: "a", count: 64 + 74 + 3)
    let folded = ICalendarWriter.folded(line)
    let lines = folded.components(separatedBy: "\r\n")
    #expect(lines.map(\.utf8.count) == [75, 75, 5, 0])
    #expect(lines[1].hasPrefix(" a") && lines[2] == " aaaa")
    // Unfolding gives the line back.
    #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line + "\r\n")
  }

  @Test func foldingNeverCutsAUTF8Character() {
    // 73 octets, then a 4-octet emoji that does not fit on the first line.
    let line = "SUMMARY:" + String(repeating: "a", count: 65) + "😀é"
    let folded = ICalendarWriter.folded(line)
    let lines = folded.components(separatedBy: "\r\n")
    #expect(lines[0] == "SUMMARY:" + String(repeating: "a", count: 65))
    #expect(lines[1] == " 😀é")
    #expect(lines.dropLast().allSatisfy { $0.utf8.count <= 75 })
  }

  @Test func valuesOfDatesAndOffsets() {
    #expect(ICalendarWriter.utcOffset(3600) == "+0100")
    #expect(ICalendarWriter.utcOffset(-16_200) == "-0430")
    #expect(ICalendarWriter.utcOffset(0) == "+0000")
    #expect(ICalendarWriter.utcOffset(3208) == "+005328")
    // 2027-06-02 07:25 UTC.
    #expect(ICalendarWriter.utcDateTime(Date(timeIntervalSince1970: 1_811_921_100)) == "20270602T072500Z")
  }
}

@Suite("iCalendar time zones")
struct ICalendarTimeZoneTests {
  static let start2027 = Date(timeIntervalSince1970: 1_798_761_600)
  static let start2028 = Date(timeIntervalSince1970: 1_830_297_600)

  @Test func writesAnObservanceForTheStartAndEachChange() throws {
    let zone = ICalendarTimeZone(
      zone: try #require(ZoneRules.named("Europe/Berlin")), from: Self.start2027, to: Self.start2028)
    var calendar = ICalendarWriter()
    zone.write(to: &calendar)
    #expect(
      calendar.text.components(separatedBy: "\r\n") == [
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
        "BEGIN:STANDARD", "DTSTART:20270101T010000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100",
        "TZNAME:CET", "END:STANDARD",
        // 02:00 on the clock before the change, which goes to 03:00.
        "BEGIN:DAYLIGHT", "DTSTART:20270328T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
        "TZNAME:CEST", "END:DAYLIGHT",
        "BEGIN:STANDARD", "DTSTART:20271031T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
        "TZNAME:CET", "END:STANDARD",
        "END:VTIMEZONE", "",
      ])
  }

  @Test func aZoneWithoutChangesHasOneObservance() throws {
    let zone = ICalendarTimeZone(
      zone: try #require(ZoneRules.named("Asia/Kolkata")), from: Self.start2027, to: Self.start2028)
    var calendar = ICalendarWriter()
    zone.write(to: &calendar)
    #expect(
      calendar.text
        == "BEGIN:VTIMEZONE\r\nTZID:Asia/Kolkata\r\nBEGIN:STANDARD\r\nDTSTART:20270101T053000\r\n"
        + "TZOFFSETFROM:+0530\r\nTZOFFSETTO:+0530\r\nTZNAME:IST\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n")
  }
}
