import FilterableResults
import Foundation

/// Reading scenario files: the whole file is parsed and checked before
/// anything runs.
extension Scenario {
    /// Parses and checks a scenario from its JSON text.
    ///
    ///     let scenario = try Scenario(parsing: #"{"steps": [{"add": 1}]}"#)
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - file: How messages name the file.
    /// - Throws: ``ScenarioError`` when the text is not JSON or not a
    ///   well-formed scenario, naming the step and the problem.
    /// - Complexity: O(*n*) in the length of `text`.
    public init(parsing text: String, file: String = "<input>") throws(ScenarioError) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: text)
        } catch {
            throw ScenarioError(file: file, problem: "not valid JSON: \(error)")
        }
        try self.init(json: json, file: file)
    }

    /// Reads, parses and checks a scenario file.
    ///
    /// Messages name the file by `url`'s path as given (relative paths stay
    /// relative).
    ///
    /// - Throws: ``ScenarioError`` when the file cannot be read, is not
    ///   JSON, or is not a well-formed scenario.
    /// - Complexity: O(*n*) in the size of the file.
    public init(contentsOf url: URL) throws(ScenarioError) {
        let file = url.isFileURL ? url.relativePath : url.absoluteString
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScenarioError(file: file, problem: "cannot read the file: \(error.localizedDescription)")
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: data)
        } catch {
            throw ScenarioError(file: file, problem: "not valid JSON: \(error)")
        }
        try self.init(json: json, file: file)
    }

    /// Checks a parsed JSON value as a scenario.
    ///
    /// - Throws: ``ScenarioError`` when it is not a well-formed scenario.
    /// - Complexity: O(*n*) in the size of `json`.
    public init(json: JSONValue, file: String = "<input>") throws(ScenarioError) {
        var decoder = ScenarioDecoder(file: file)
        self = try decoder.decodeScenario(json)
    }
}
