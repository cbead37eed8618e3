import Foundation

extension SystemFile {
    /// Where the bytes of ``append(_:landed:)`` went.
    package struct Placement: Equatable {
        /// The offset of the first byte written.
        package var start: Int
        /// The offset just after the last byte written.
        package var end: Int
        /// Whether every piece landed right after the previous one (`false`: another
        /// writer's bytes came between two pieces of a write the kernel split).
        package var isContiguous: Bool

        package init(start: Int, end: Int, isContiguous: Bool) {
            self.start = start
            self.end = end
            self.isContiguous = isContiguous
        }
    }

    /// Writes all of `data` at the end of a file opened with ``FileOpenOptions/append``, and reports
    /// in `landed` where it went, also when it throws part-way.
    ///
    /// Each piece goes at the end of the file as it is at that instant, atomically with
    /// respect to other writers of the file, so this never writes over bytes another
    /// program appended meanwhile (a positioned `pwrite` at a length read earlier would);
    /// the caller compares `landed` with where it expected the bytes.
    package func append(_ data: Data, landed: inout Placement?) throws(Failure) {
        let result: Result<Void, Failure> = data.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if written < 0 {
                    guard systemErrno == Errno.interrupted else {
                        return .failure(.systemCall("write", failedOn: path, errno: systemErrno))
                    }
                    continue
                }
                // A regular file never takes 0 of a non-empty write; looping on it would never end.
                guard written > 0 else { return .failure(.systemCall("write", failedOn: path, errno: Errno.ioError)) }
                let end = systemCurrentOffset(descriptor)
                guard end >= written else {
                    return .failure(.systemCall("find the end of", failedOn: path, errno: systemErrno))
                }
                let start = end - written
                if var placement = landed {
                    placement.isContiguous = placement.isContiguous && start == placement.end
                    placement.end = end
                    landed = placement
                } else {
                    landed = Placement(start: start, end: end, isContiguous: true)
                }
                done += written
            }
            return .success(())
        }
        try result.get()
    }

    /// The length of the longest prefix of the first `size` bytes that ends in `"\n"`.
    package func completeLinesLength(size: Int) throws(Failure) -> Int {
        let block = 4096
        var end = size
        while end > 0 {
            let start = max(0, end - block)
            let bytes = try read(count: end - start, at: start)
            if let newline = bytes.lastIndex(of: UInt8(ascii: "\n")) {
                return start + (newline - bytes.startIndex) + 1
            }
            end = start
        }
        return 0
    }
}
