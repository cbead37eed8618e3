import Foundation

extension DirectoryRemote {
    /// The absolute, normalised playbook path named by `location`.
    ///
    /// Logged: `file:///absolute/path`, `file://localhost/absolute/path`, `file:/absolute/path`
    /// (percent-encoded, e.g. `%20` for a space), and plain paths, absolute or relative to the
    /// current directory. A plain path is taken literally: `?` and `#` are characters of its
    /// name, since only URLs have queries and fragments. Anything starting with a URL scheme
    /// (`letters:`) is a URL, so a relative path whose first component holds a `:` is written
    /// `./name:with:colons`.
    ///
    /// Refused, so that a playbook never lands where nobody asked: `file:name` and other
    /// relative file URLs (they would name `/name`), file URLs naming another host, any other
    /// scheme (`mailto:`, `http://`, `s3://`), a query or a fragment in a URL (they would be
    /// dropped silently), an empty location, and one naming a directory.
    static func playbookPath(parsing location: String) throws -> String {
        func invalid(_ reason: String) -> PlaybookRemoteError { .invalidLocation(location, reason: reason) }

        guard !location.trimmingCharacters(in: .whitespaces).isEmpty else { throw invalid("it is empty") }
        var path: String
        if let scheme = urlScheme(of: location) {
            guard scheme.lowercased() == "file" else {
                throw invalid(
                    "the scheme '\(scheme)' is not supported; DirectoryRemote takes a file:///absolute/path URL "
                        + "or a plain path")
            }
            path = try filePath(ofURL: location, scheme: scheme)
        } else {
            path = location
            if !path.hasPrefix("/") { path = FileManager.default.currentDirectoryPath + "/" + path }
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

    /// The scheme of a URL (`letter *( letter / digit / "+" / "-" / "." )` then `:`, RFC 3986),
    /// or `nil` for a plain path.
    private static func urlScheme(of location: String) -> Substring? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let scheme = location[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme
    }

    /// The decoded absolute path of a `file:` URL.
    private static func filePath(ofURL location: String, scheme: Substring) throws -> String {
        func invalid(_ reason: String) -> PlaybookRemoteError { .invalidLocation(location, reason: reason) }

        var rest = location.dropFirst(scheme.count + 1)
        if let mark = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            let part = rest[mark] == "?" ? "a query ('?…')" : "a fragment ('#…')"
            throw invalid(
                "the URL has \(part), which a file URL cannot use; write '?' as %3F and '#' as %23 "
                    + "if they are part of the file name")
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            let host = rest[..<authorityEnd]
            guard host.isEmpty || host.lowercased() == "localhost" else {
                throw invalid("file URLs naming a host ('\(host)') are not supported")
            }
            rest = rest[authorityEnd...]
        }
        guard rest.hasPrefix("/") else {
            throw invalid("file URLs must be file:///absolute/path (a relative file: URL would name a file under /)")
        }
        guard let decoded = String(rest).removingPercentEncoding, !decoded.contains("\0") else {
            throw invalid("the URL has a bad percent-escape (each '%' must be followed by two hex digits)")
        }
        return decoded
    }
}
