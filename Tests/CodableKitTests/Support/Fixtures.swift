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
