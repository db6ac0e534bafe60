import Foundation

/// Test fixtures that live beside the tests, found from this file's path so that
/// the tests need no bundle resources.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let jsonTestSuite = directory.appendingPathComponent("JSONTestSuite/test_parsing")

    /// The names of JSONTestSuite files whose name starts with `prefix` (`y_`, `n_`, `i_`), sorted.
    static func jsonTestSuiteFiles(_ prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: jsonTestSuite.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) }.sorted()
    }

    static func jsonTestSuiteData(_ name: String) throws -> Data {
        try Data(contentsOf: jsonTestSuite.appendingPathComponent(name))
    }
}

extension Fixtures {
    /// The json5-tests corpus (github.com/json5/json5-tests, MIT): `.json` and `.json5`
    /// files are valid JSON5, `.js` and `.txt` files are not. Paths relative to its folder, sorted.
    static let json5Tests = directory.appendingPathComponent("json5-tests")

    static func json5TestFiles() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: json5Tests.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String {
            if [".json", ".json5", ".js", ".txt"].contains(where: name.hasSuffix) { names.append(name) }
        }
        return names.sorted()
    }
}
