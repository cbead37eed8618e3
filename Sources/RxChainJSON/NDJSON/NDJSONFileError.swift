import Foundation
import RxChainSystem

/// A file that could not be read, naming the path and what is wrong with it.
///
/// `cannot read 'book.ndjson': no such file or directory`,
/// `cannot read 'Examples': it is a directory`,
/// `cannot read 'loop.ndjson': too many levels of symbolic links (a symbolic link loop?)`.
public struct NDJSONFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the path.
    public enum Problem: Sendable, Equatable {
        /// Nothing exists at the path (or it is empty).
        case notFound
        /// The path names a directory.
        case isADirectory
        /// A part of the path before its last is a file, not a directory.
        case notADirectoryOnThePath
        /// The process may not read the file, or search a directory on the path.
        case permissionDenied
        /// Resolving the path met too many symbolic links: a loop, most likely.
        case symbolicLinkLoop
        /// Another failure of a system call (`open`, `fstat`, `read`) with this `errno`.
        case failed(operation: String, errno: Int32)
    }

    /// The path as given.
    public let path: String
    /// What went wrong with it.
    public let problem: Problem

    /// The error for `path`.
    package init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// The error for a failed `operation` on `path` with `errno` `code`.
    static func posix(_ code: Int32, _ operation: String, path: String) -> NDJSONFileError {
        let problem: Problem =
            switch code {
            case Errno.noSuchFileOrDirectory: .notFound
            case Errno.isDirectory: .isADirectory
            case Errno.notDirectory: .notADirectoryOnThePath
            case Errno.permissionDenied, Errno.notPermitted: .permissionDenied
            case Errno.tooManySymbolicLinks: .symbolicLinkLoop
            default: .failed(operation: operation, errno: code)
            }
        return NDJSONFileError(path: path, problem: problem)
    }

    /// What is wrong, without the path: `no such file or directory`.
    public var reason: String {
        switch problem {
        case .notFound: "no such file or directory"
        case .isADirectory: "it is a directory, not a file"
        case .notADirectoryOnThePath: "a part of the path is a file, not a directory"
        case .permissionDenied: "permission denied"
        case .symbolicLinkLoop: "too many levels of symbolic links (a symbolic link loop?)"
        case .failed(let operation, let code): "\(operation) failed: \(systemErrorMessage(code))"
        }
    }

    public var description: String { "cannot read '\(path)': \(reason)" }
}

extension NDJSONFileError: SystemCallError {
    /// ``posix(_:_:path:)``.
    package static func systemCall(_ operation: String, failedOn path: String, errno code: Int32) -> NDJSONFileError {
        posix(code, operation, path: path)
    }
}
