/// Maps 24-bit colours onto the smaller palettes of ``ColorDepth/ansi256`` and
/// ``ColorDepth/ansi16`` terminals.
///
/// ```swift
/// ANSIPalette.nearest256(red: 255, green: 255, blue: 255)  // 231, the cube's white
/// ANSIPalette.nearest16(red: 255, green: 94, blue: 94)     // 9, bright red
/// ```
enum ANSIPalette {
  /// The channel values of the 256-colour cube (indices 16–231).
  private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The index (16–255) of the closest colour in the 6×6×6 cube or the grey ramp.
  static func nearest256(red: UInt8, green: UInt8, blue: UInt8) -> Int {
    let channels = [Int(red), Int(green), Int(blue)]
    let levels = channels.map(nearestCubeLevel)
    let cubeIndex = 16 + 36 * levels[0] + 6 * levels[1] + levels[2]
    let cubeColor = (cubeLevels[levels[0]], cubeLevels[levels[1]], cubeLevels[levels[2]])

    // The grey ramp 232–255 runs from 8 to 238 in steps of 10.
    let average = channels.reduce(0, +) / 3
    let greyStep = min(max((average - 3) / 10, 0), 23)
    let grey = 8 + 10 * greyStep

    let target = (channels[0], channels[1], channels[2])
    let cubeDistance = distance(target, cubeColor)
    let greyDistance = distance(target, (grey, grey, grey))
    return greyDistance < cubeDistance ? 232 + greyStep : cubeIndex
  }

  /// The index (0–15) of the ANSI colour that best stands for a colour: by hue, not by
  /// distance, because the 16 colours are few and saturated, and distance would turn most
  /// of the pale theme colours into greys (pink `#EE80D1` is nearer to light grey than to
  /// magenta).
  ///
  /// Colours with little saturation (under 25%) become black, bright black, white or bright
  /// white by brightness; very dark ones (value under 20%) black. Others take the colour of
  /// their hue sector — red below 20° and from 330°, yellow to 70°, green to 160°, cyan to
  /// 200°, blue to 255°, magenta above — in its bright variant (8–15) when their value is
  /// 80% or more.
  static func nearest16(red: UInt8, green: UInt8, blue: UInt8) -> Int {
    let (r, g, b) = (Double(red), Double(green), Double(blue))
    let high = max(r, g, b)
    let spread = high - min(r, g, b)
    let value = high / 255
    let saturation = high == 0 ? 0 : spread / high
    if value < 0.2 { return 0 }
    if saturation < 0.25 {
      return value < 0.55 ? 8 : value < 0.85 ? 7 : 15
    }
    var hue: Double
    if high == r {
      hue = 60 * ((g - b) / spread)
    } else if high == g {
      hue = 60 * ((b - r) / spread + 2)
    } else {
      hue = 60 * ((r - g) / spread + 4)
    }
    if hue < 0 { hue += 360 }
    let base: Int
    switch hue {
    case 20..<70: base = 3
    case 70..<160: base = 2
    case 160..<200: base = 6
    case 200..<255: base = 4
    case 255..<330: base = 5
    default: base = 1
    }
    return value >= 0.8 ? base + 8 : base
  }

  /// The index of the cube level closest to a channel value.
  private static func nearestCubeLevel(_ value: Int) -> Int {
    if value < 48 { return 0 }
    if value < 115 { return 1 }
    return min((value - 35) / 40, 5)
  }

  /// A perceptual distance between two colours (the "redmean" weighted Euclidean distance,
  /// squared and scaled to integers).
  private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
    let redMean = (a.0 + b.0) / 2
    let red = a.0 - b.0
    let green = a.1 - b.1
    let blue = a.2 - b.2
    return ((512 + redMean) * red * red) / 256 + 4 * green * green
      + ((767 - redMean) * blue * blue) / 256
  }
}
