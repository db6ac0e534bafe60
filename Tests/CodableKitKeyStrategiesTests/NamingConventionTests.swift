import Foundation
import Testing
import CodableKitKeyStrategies

/// Word splitting people would agree with, in every convention.
@Suite struct NamingConventionTests {
    struct Row: Sendable, CustomStringConvertible {
        var name: String
        var snake: String, kebab: String, camel: String, pascal: String, screamingSnake: String
        var screamingKebab: String, camelSnake: String, pascalSnake: String, flat: String, upper: String
        var description: String { name }
    }

    static let rows: [Row] = [
        Row(name: "firstName", snake: "first_name", kebab: "first-name", camel: "firstName", pascal: "FirstName",
            screamingSnake: "FIRST_NAME", screamingKebab: "FIRST-NAME", camelSnake: "first_Name", pascalSnake: "First_Name",
            flat: "firstname", upper: "FIRSTNAME"),
        Row(name: "userID", snake: "user_id", kebab: "user-id", camel: "userId", pascal: "UserId",
            screamingSnake: "USER_ID", screamingKebab: "USER-ID", camelSnake: "user_Id", pascalSnake: "User_Id",
            flat: "userid", upper: "USERID"),
        Row(name: "URLString", snake: "url_string", kebab: "url-string", camel: "urlString", pascal: "UrlString",
            screamingSnake: "URL_STRING", screamingKebab: "URL-STRING", camelSnake: "url_String", pascalSnake: "Url_String",
            flat: "urlstring", upper: "URLSTRING"),
        Row(name: "HTTPStatusCode", snake: "http_status_code", kebab: "http-status-code", camel: "httpStatusCode",
            pascal: "HttpStatusCode", screamingSnake: "HTTP_STATUS_CODE", screamingKebab: "HTTP-STATUS-CODE",
            camelSnake: "http_Status_Code", pascalSnake: "Http_Status_Code", flat: "httpstatuscode", upper: "HTTPSTATUSCODE"),
        Row(name: "version2Name", snake: "version2_name", kebab: "version2-name", camel: "version2Name", pascal: "Version2Name",
            screamingSnake: "VERSION2_NAME", screamingKebab: "VERSION2-NAME", camelSnake: "version2_Name",
            pascalSnake: "Version2_Name", flat: "version2name", upper: "VERSION2NAME"),
        Row(name: "_private", snake: "_private", kebab: "_private", camel: "_private", pascal: "_Private",
            screamingSnake: "_PRIVATE", screamingKebab: "_PRIVATE", camelSnake: "_private", pascalSnake: "_Private",
            flat: "_private", upper: "_PRIVATE"),
        Row(name: "trailing_", snake: "trailing_", kebab: "trailing_", camel: "trailing_", pascal: "Trailing_",
            screamingSnake: "TRAILING_", screamingKebab: "TRAILING_", camelSnake: "trailing_", pascalSnake: "Trailing_",
            flat: "trailing_", upper: "TRAILING_"),
        Row(name: "first_name", snake: "first_name", kebab: "first-name", camel: "firstName", pascal: "FirstName",
            screamingSnake: "FIRST_NAME", screamingKebab: "FIRST-NAME", camelSnake: "first_Name", pascalSnake: "First_Name",
            flat: "firstname", upper: "FIRSTNAME"),
        Row(name: "first-name", snake: "first_name", kebab: "first-name", camel: "firstName", pascal: "FirstName",
            screamingSnake: "FIRST_NAME", screamingKebab: "FIRST-NAME", camelSnake: "first_Name", pascalSnake: "First_Name",
            flat: "firstname", upper: "FIRSTNAME"),
        Row(name: "größeWert", snake: "größe_wert", kebab: "größe-wert", camel: "größeWert", pascal: "GrößeWert",
            screamingSnake: "GRÖSSE_WERT", screamingKebab: "GRÖSSE-WERT", camelSnake: "größe_Wert", pascalSnake: "Größe_Wert",
            flat: "größewert", upper: "GRÖSSEWERT"),
        Row(name: "id", snake: "id", kebab: "id", camel: "id", pascal: "Id", screamingSnake: "ID", screamingKebab: "ID",
            camelSnake: "id", pascalSnake: "Id", flat: "id", upper: "ID"),
        Row(name: "", snake: "", kebab: "", camel: "", pascal: "", screamingSnake: "", screamingKebab: "",
            camelSnake: "", pascalSnake: "", flat: "", upper: ""),
    ]

    @Test(arguments: rows)
    func everyConvention(_ row: Row) {
        let expectations: [(any KeyStrategy, String)] = [
            (.snakeCase, row.snake), (.kebabCase, row.kebab), (.camelCase, row.camel), (.pascalCase, row.pascal),
            (.screamingSnakeCase, row.screamingSnake), (.screamingKebabCase, row.screamingKebab),
            (.camelSnakeCase, row.camelSnake), (.pascalSnakeCase, row.pascalSnake), (.flatCase, row.flat), (.upperCase, row.upper),
        ]
        for (strategy, expected) in expectations {
            #expect(strategy.encodingKey(for: row.name) == expected, "\(type(of: strategy)) of \(row.name)")
            #expect(strategy.decodingKeys(for: row.name) == [expected], "\(type(of: strategy)) of \(row.name)")
        }
    }

    @Test func firstLetterConventions() {
        #expect(FirstLetterUpper().encodingKey(for: "firstName") == "FirstName")
        #expect(FirstLetterUpper().encodingKey(for: "userID") == "UserID")
        #expect(FirstLetterLower().encodingKey(for: "FirstName") == "firstName")
        #expect(FirstLetterLower().decodingKeys(for: "URLString") == ["uRLString", "URLString"])
        // SmartCodable's meaning: the key's first letter changed gives the property, either case read.
        #expect(FirstLetterLower().decodingKeys(for: "firstName") == ["firstName", "FirstName"])
        #expect(FirstLetterUpper().decodingKeys(for: "FirstName") == ["FirstName", "firstName"])
        #expect(FirstLetterUpper().encodingKey(for: "") == "")
        #expect(FirstLetterUpper().decodingKeys(for: "") == [""])
        #expect(FirstLetterLower().decodingKeys(for: "_id") == ["_id"])
    }

    /// Conversions are remembered per convention and name: on many threads at once, and
    /// past the number remembered, every answer is the convention's own.
    @Test func rememberedConversionsAreTheConventionsOwn() async {
        let names = (0 ..< 6_000).map { "property\($0)NameURL" }
        let wrong = await withTaskGroup(of: Int.self) { group in
            for task in 0 ..< 4 {
                group.addTask {
                    var wrong = 0
                    for name in names where name.count % 4 == task % 4 || task == 0 {
                        if SnakeCase().encodingKey(for: name) != SnakeCase().convert(name) { wrong += 1 }
                        if KebabCase().decodingKeys(for: name) != [KebabCase().convert(name)] { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
        #expect(SnakeCase().encodingKey(for: "property5NameURL") == "property5_name_url")
        #expect(KebabCase().encodingKey(for: "property5NameURL") == "property5-name-url")
    }
}
