import Foundation

/// Deterministic generated JSON payloads (seeded; no downloads).
enum Datasets {
    struct Dataset {
        var name: String
        var bytes: [UInt8]
    }

    /// Arrays of small objects: the shape of most API responses.
    static func smallObjects(count: Int) -> Dataset {
        var random = SeededGenerator(seed: 1)
        var json = "["
        for index in 0 ..< count {
            if index > 0 { json += "," }
            json += #"{"id":\#(index),"name":"\#(word(&random)) \#(word(&random))","active":\#(Bool.random(using: &random)),"#
            json += #""score":\#(Double(Int.random(in: 0 ... 100_000, using: &random)) / 100),"tags":["\#(word(&random))","\#(word(&random))"],"#
            json += #""parent":null,"code":"\#(String(Int.random(in: 100_000 ... 999_999, using: &random)))"}"#
        }
        return Dataset(name: "small objects ×\(count)", bytes: Array((json + "]").utf8))
    }

    /// A three-level tree of `{code, name, children}` nodes.
    static func tree(provinces: Int, cities: Int, districts: Int) -> Dataset {
        var random = SeededGenerator(seed: 2)
        func node(_ code: Int, _ children: String?) -> String {
            #"{"code":"\#(code)","name":"\#(word(&random))","children":[\#(children ?? "")]}"#
        }
        var provincesJSON: [String] = []
        for p in 0 ..< provinces {
            var citiesJSON: [String] = []
            for c in 0 ..< cities {
                let districtsJSON = (0 ..< districts).map { d in node(p * 10000 + c * 100 + d, nil) }
                citiesJSON.append(node(p * 10000 + c * 100, districtsJSON.joined(separator: ",")))
            }
            provincesJSON.append(node(p * 10000, citiesJSON.joined(separator: ",")))
        }
        let total = provinces * (1 + cities * (1 + districts))
        return Dataset(name: "tree (\(total) nodes)", bytes: Array(("[" + provincesJSON.joined(separator: ",") + "]").utf8))
    }

    /// Long strings with escapes and non-ASCII text.
    static func longStrings(count: Int) -> Dataset {
        var random = SeededGenerator(seed: 3)
        let pieces = ["plain words and more plain words", "caf\\u00e9 \\\"quoted\\\"", "Zürich 東京 😀", "line\\nbreak\\ttab", "back\\\\slash"]
        var json = "["
        for index in 0 ..< count {
            if index > 0 { json += "," }
            json += "\""
            for _ in 0 ..< 40 { json += pieces[Int.random(in: 0 ..< pieces.count, using: &random)] + " " }
            json += "\""
        }
        return Dataset(name: "long strings ×\(count)", bytes: Array((json + "]").utf8))
    }

    /// Arrays of numbers: integers, decimals, exponents.
    static func numbers(count: Int) -> Dataset {
        var random = SeededGenerator(seed: 4)
        var parts: [String] = []
        parts.reserveCapacity(count)
        for index in 0 ..< count {
            switch index % 3 {
            case 0: parts.append(String(Int.random(in: -1_000_000_000 ... 1_000_000_000, using: &random)))
            case 1: parts.append(String(Double(Int.random(in: -10_000_000 ... 10_000_000, using: &random)) / 1000))
            default: parts.append(String(format: "%.9fe%d", Double.random(in: -1 ... 1, using: &random), Int.random(in: -30 ... 30, using: &random)))
            }
        }
        return Dataset(name: "numbers ×\(count)", bytes: Array(("[" + parts.joined(separator: ",") + "]").utf8))
    }

    static func word(_ random: inout SeededGenerator) -> String {
        let syllables = ["ka", "lo", "mi", "ra", "to", "ne", "su", "vi", "an", "or"]
        return (0 ..< Int.random(in: 2 ... 4, using: &random)).map { _ in syllables[Int.random(in: 0 ..< 10, using: &random)] }.joined()
    }
}
