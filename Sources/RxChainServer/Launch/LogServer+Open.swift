import Foundation
import RxChainServerStorage

extension LogServer {
    /// Opens a server's state from its data directory, creating what is missing, and returns the
    /// request handling over it; ``close()`` it before the process ends.
    ///
    /// The data directory (mode 0700 when created) holds:
    /// ```
    /// DATA/server.key   the 32-byte key that signs access tokens (mode 0600; made on first start)
    /// DATA/logs/        the LogBook's journal: every log, the reserved server/… logs included
    /// ```
    /// `storage`, when given, replaces the journal (the example server passes PostgreSQL's); the
    /// journal opens with the options' ``ServerOptions/cacheBytes``.
    /// Accounts, sessions and families are folded back from their reserved logs, so a restart
    /// resumes where the last acknowledged append left off. `services` makes the domain services
    /// to mount from the opened book (each keeps its state in a ``ServiceLog`` of that book and
    /// folds it back when made); it runs once, before the server answers anything. The options'
    /// ``ServerOptions/maximumFeedWait`` replaces the configuration's.
    ///
    /// - Throws: ``ServerKeyError`` (a key file others can read, of the wrong length),
    ///   `LogStoreError` (another server holds the directory, a damaged journal), the error
    ///   creating the directory, or what `services` throws (the book is closed again then).
    public static func open(
        options: ServerOptions, policy: AccessPolicy, configuration: Configuration = .init(),
        storage: (any LogStorage)? = nil, services: (LogBook) async throws -> [any ServerService] = { _ in [] }
    ) async throws -> LogServer {
        let data = URL(fileURLWithPath: options.dataDirectory, isDirectory: true)
        try FileManager.default.createDirectory(
            at: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let key = try ServerKey.loadOrCreate(inDirectory: data.path)
        let book: LogBook
        if let storage {
            book = LogBook(storage: storage)
        } else {
            book = try await LogBook.open(
                directory: data.appendingPathComponent("logs", isDirectory: true), cacheBytes: options.cacheBytes)
        }
        let accounts = Accounts(
            book: book, key: key, signupsOpen: options.signupOpen, passwordIterations: options.passwordIterations)
        let mounted: [any ServerService]
        do {
            mounted = try await services(book)
        } catch {
            await book.close()
            throw error
        }
        var configuration = configuration
        configuration.maximumFeedWait = options.maximumFeedWait
        return LogServer(
            book: book, accounts: accounts, access: AccessControl(book: book, policy: policy, accounts: accounts),
            configuration: configuration, services: mounted)
    }

    /// Closes the book: appends already accepted are written and synced (their requests get
    /// their answers), later ones are refused with 503, waiting feed polls are answered.
    public func close() async {
        await book.close()
    }
}
