import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting
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
        let json: FieldValue
        do {
            json = try FieldValue(parsingJSON: text)
        } catch {
            throw ScenarioError(file: file, problem: "not valid JSON: \(error)")
        }
        try self.init(json: json, file: file)
    }

    /// The largest scenario file read: 64 MiB. A larger file, or a device
    /// that never ends (`/dev/zero`), is refused rather than read whole.
    ///
    /// - Complexity: O(1).
    public static let maximumFileSize = 64 * 1024 * 1024

    /// Reads, parses and checks a scenario file.
    ///
    /// Messages name the file by `url`'s path as given (relative paths stay
    /// relative), and say in plain words what is wrong with a path that
    /// cannot be read: no such file (or directory), a directory, a symbolic
    /// link that dangles or loops, no permission, a socket, a named pipe
    /// nothing was written to, a file over ``maximumFileSize``. An empty
    /// file (`/dev/null` included) is not valid JSON, and the message says
    /// it is empty. A named pipe is read to its end, so
    /// `results-scenario <(generate)` works.
    ///
    /// - Throws: ``ScenarioError`` when the file cannot be read, is not
    ///   JSON, or is not a well-formed scenario.
    /// - Complexity: O(*n*) in the size of the file.
    public init(contentsOf url: URL) throws(ScenarioError) {
        let file = url.isFileURL ? url.relativePath : url.absoluteString
        guard url.isFileURL else {
            throw ScenarioError(file: file, problem: "cannot read the file: only file URLs are read, not \(url.scheme ?? "this URL")")
        }
        let bytes: [UInt8]
        do {
            bytes = try ScenarioFile.contents(of: url.path, named: file)
        } catch {
            throw ScenarioError(file: file, problem: "cannot read the file: \(error.reason)")
        }
        guard !bytes.isEmpty else { throw ScenarioError(file: file, problem: "not valid JSON: the file is empty") }
        let json: FieldValue
        do {
            json = try FieldValue(parsingJSON: bytes)
        } catch {
            throw ScenarioError(file: file, problem: "not valid JSON: \(error)")
        }
        try self.init(json: json, file: file)
    }

    /// Checks a scenario file's parsed JSON (a `FieldValue`) as a scenario.
    ///
    /// - Throws: ``ScenarioError`` when it is not a well-formed scenario.
    /// - Complexity: O(*n*) in the size of `json`.
    public init(json: FieldValue, file: String = "<input>") throws(ScenarioError) {
        var decoder = ScenarioDecoder(file: file)
        self = try decoder.decodeScenario(json)
    }
}

/// Reading a file whole with POSIX calls, so that every way a path can fail
/// gets its own plain message (Foundation's `Data(contentsOf:)` says
/// "NSCocoaErrorDomain error 256" for a directory, and "permission" for
/// `/dev/null`), and nothing blocks or reads forever.
private enum ScenarioFile {
    /// Why a path cannot be read, as a clause: "it is a directory, not a
    /// file".
    struct Problem: Error {
        var reason: String
    }

    static func contents(of path: String, named name: String) throws(Problem) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Problem(reason: describeMissing(path, named: name, errno)) }
        let type = info.st_mode & S_IFMT
        switch type {
        case S_IFDIR: throw Problem(reason: "it is a directory, not a file")
        case S_IFSOCK: throw Problem(reason: "it is a socket, not a file")
        default: break
        }
        if type == S_IFREG, Int(info.st_size) > Scenario.maximumFileSize { throw tooLarge }
        // A named pipe is opened without waiting for a writer; with none, it
        // reads as empty at once.
        let isPipe = type == S_IFIFO
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (isPipe ? O_NONBLOCK : 0))
        guard descriptor >= 0 else {
            let code = errno
            if code == EACCES { throw Problem(reason: "permission denied (it is not readable by this user)") }
            throw Problem(reason: describe(code))
        }
        defer { close(descriptor) }
        if isPipe {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EISDIR { throw Problem(reason: "it is a directory, not a file") }
                throw Problem(reason: describe(code))
            }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > Scenario.maximumFileSize { throw tooLarge }
        }
        if isPipe && bytes.isEmpty { throw Problem(reason: "it is a named pipe (FIFO) and nothing was written to it") }
        return bytes
    }

    private static var tooLarge: Problem {
        Problem(reason: "it is larger than \(Scenario.maximumFileSize / 1024 / 1024) MiB, the most a scenario file may be")
    }

    /// Why `stat` failed, in words.
    private static func describeMissing(_ path: String, named name: String, _ code: Int32) -> String {
        switch code {
        case ENOENT:
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                return "it is a symbolic link to '\(linkTarget(path))', which does not exist"
            }
            let directory = folder(of: name)
            let directoryPath = folder(of: path)
            if !directory.isEmpty, !directoryPath.isEmpty, stat(directoryPath, &info) != 0, errno == ENOENT {
                return "there is no such file: the directory '\(directory)' does not exist"
            }
            return "there is no such file"
        case ELOOP:
            return "it is a symbolic link that loops (it leads back to itself through other links)"
        case ENOTDIR:
            return "a part of the path before the file name is a file, not a directory"
        case EACCES:
            return "permission denied to look inside a directory on the path"
        case ENAMETOOLONG:
            return "the path is too long"
        default:
            return describe(code)
        }
    }

    /// The part of `path` before its last `/` (`""` without one).
    /// (Foundation's `deletingLastPathComponent` stops the program on a
    /// name of one character on Linux.)
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func linkTarget(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The system's description of an error number.
    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
