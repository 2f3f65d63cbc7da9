#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The user's text editor, run on a file on the terminal, as `git commit` runs it: `$VISUAL`,
/// else `$EDITOR`, else `vi`, through `/bin/sh`, so that an editor given with its options
/// (`code --wait`) works.
///
/// ```swift
/// let text = try Editor.edit("Done:\n", environment: environment, name: "update")
/// ```
enum Editor {
  /// The editor's command line: the first of `$VISUAL` and `$EDITOR` that is set and not
  /// empty, else `vi`.
  static func command(environment: [String: String]) -> String {
    for name in ["VISUAL", "EDITOR"] {
      if let command = environment[name], !command.allSatisfy(\.isWhitespace) { return command }
    }
    return "vi"
  }

  /// Writes `text` to a temporary file named for `name`, runs the editor on it with this
  /// process's terminal and environment, and returns what the file holds when the editor
  /// ends. The file is removed afterwards.
  ///
  /// - Throws: ``CommandFailure`` when the file cannot be written or read, or the editor
  ///   cannot be started or exits with a status other than 0.
  static func edit(_ text: String, environment: [String: String], name: String) throws -> String {
    let directory = TemporaryDirectory.path(in: environment)
    var template = Array("\(directory)/syncups-\(name)-XXXXXX.txt".utf8CString)
    let descriptor = mkstemps(&template, 4)
    guard descriptor >= 0 else {
      throw CommandFailure(
        "cannot make a file to edit in '\(directory)': \(String(cString: strerror(errno)))")
    }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    close(descriptor)
    defer { try? currentFileSystem.removeFile(path) }
    do throws(FileSystemError) {
      _ = try currentFileSystem.write(Data(text.utf8), to: path, durably: false)
    } catch {
      throw CommandFailure("cannot write '\(path)': \(error.reason)")
    }
    let command = Self.command(environment: environment)
    let status: Int32
    do {
      // On this process's terminal, in its session and process group, so that the terminal
      // is the editor's; with nothing else of this process open.
      let pid = try Subprocess.spawn(
        "/bin/sh", ["-c", "\(command) \"$@\"", command, path], environment: environment,
        descriptors: (0, 1, 2), diesWithParent: false, ownSession: false)
      status = Subprocess.waitForExit(pid)
    } catch {
      throw CommandFailure(error.message)
    }
    guard status == 0 else {
      throw CommandFailure(
        "the editor '\(command)' exited with status \(status); nothing was written")
    }
    guard let data = (try? currentFileSystem.read(path))?.data else {
      throw CommandFailure("cannot read '\(path)' after editing")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
