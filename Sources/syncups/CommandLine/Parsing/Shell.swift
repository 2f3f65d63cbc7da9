/// A shell that `syncups completions` writes a script for.
enum Shell: String, CaseIterable, Sendable, Equatable {
  case bash
  case zsh
  case fish
}
