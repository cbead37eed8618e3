import RxChainSystem

// The one file of RxChainTesting that imports the C library (FaultProxy's sockets).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("RxChainTesting needs a POSIX C library (Glibc, Musl or Darwin)")
#endif

/// The blocking POSIX socket calls a ``FaultProxy`` makes, on IPv4 loopback only.
///
/// Every call retries on `EINTR`. Writes never raise `SIGPIPE` (`MSG_NOSIGNAL` on Linux;
/// the proxy also ignores the signal process-wide): a peer that went away is a failed
/// write, not a dead process.
enum ProxySocket {
    /// Why a socket could not be set up.
    struct Failure: Error, CustomStringConvertible {
        var description: String

        init(_ call: String) {
            description = "\(call) failed: \(String(cString: strerror(errno))) (errno \(errno))"
        }
    }

    /// A listening socket on `127.0.0.1` with a port the kernel chose, and that port.
    static func listenOnLoopback() throws -> (socket: Int32, port: UInt16) {
        let fd = try makeSocket()
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let failure = Failure(bound == 0 ? "listen" : "bind")
            close(fd)
            throw failure
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let failure = Failure("getsockname")
            close(fd)
            throw failure
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// A socket connected to `127.0.0.1:port`.
    static func connectToLoopback(port: UInt16) throws -> Int32 {
        let fd = try makeSocket()
        var address = loopback(port: port)
        while true {
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if result == 0 { return fd }
            if errno == EINTR { continue }
            let failure = Failure("connect")
            close(fd)
            throw failure
        }
    }

    /// The next accepted connection, or `nil` once the listener was shut down.
    static func accept(_ listener: Int32) -> Int32? {
        while true {
            let fd = systemAccept(listener)
            if fd >= 0 { return fd }
            if errno == EINTR || errno == ECONNABORTED { continue }
            return nil
        }
    }

    /// Reads what is available into `buffer` (blocking until something is); `0` at the
    /// end of the stream or on an error (a shut-down socket reads as the end).
    static func read(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return count }
            if errno == EINTR { continue }
            return 0
        }
    }

    /// Writes all of `bytes`; `false` when the peer went away or the socket was shut down.
    static func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, noSignal) }
            if count > 0 {
                rest = rest.dropFirst(count)
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Shuts both directions down: wakes any thread blocked reading or writing `fd`, and
    /// tells the peer the connection is over. Safe from any thread while `fd` is open.
    static func shutdownBoth(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Shuts the sending direction down: the peer reads the end of the stream.
    static func shutdownWrite(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    /// Closes `fd`; only its owner calls this, once, after every thread stopped using it.
    static func close(_ fd: Int32) {
        _ = systemClose(fd)
    }

    /// Makes a write to a closed peer fail instead of killing the process with `SIGPIPE`,
    /// for the whole process (Apple platforms have no `MSG_NOSIGNAL`; their sockets also
    /// set `SO_NOSIGPIPE`).
    static func ignoreBrokenPipeSignals() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    #if canImport(Darwin)
        private static let noSignal: Int32 = 0
    #else
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #endif

    private static func makeSocket() throws -> Int32 {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure("socket") }
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}

// File-scope wrappers: inside `ProxySocket`, `accept` and `close` name its own methods.
private func systemAccept(_ listener: Int32) -> Int32 { accept(listener, nil, nil) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
