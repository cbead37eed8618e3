import Foundation

extension DirectoryRemote {
    /// The absolute, normalised playbook path named by `location` (a `file://` URL or a plain path).
    static func playbookPath(parsing location: String) throws -> String {
        func invalid(_ reason: String) -> PlaybookRemoteError { .invalidLocation(location, reason: reason) }

        guard !location.trimmingCharacters(in: .whitespaces).isEmpty else { throw invalid("it is empty") }
        var path = location
        if location.contains("://") || location.lowercased().hasPrefix("file:") {
            guard let url = URL(string: location), let scheme = url.scheme else {
                throw invalid("it is not a valid URL")
            }
            guard scheme.lowercased() == "file" else {
                throw invalid(
                    "the scheme '\(scheme)' is not supported; DirectoryRemote takes a file:// URL or a plain path")
            }
            if let host = url.host, !host.isEmpty, host != "localhost" {
                throw invalid("file URLs naming a host ('\(host)') are not supported")
            }
            path = url.path
        } else if !path.hasPrefix("/") {
            path = FileManager.default.currentDirectoryPath + "/" + path
        }
        let last = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard !path.hasSuffix("/"), last != ".", last != ".." else {
            throw invalid("it names a directory; name the playbook file, e.g. …/playbook.ndjson")
        }
        var components: [Substring] = []
        for component in path.split(separator: "/") where component != "." {
            if component == ".." {
                _ = components.popLast()
            } else {
                components.append(component)
            }
        }
        guard !components.isEmpty else { throw invalid("it names the root directory") }
        return "/" + components.joined(separator: "/")
    }
}
