import RxChainSystem

/// `rxchain-bench crypto`: the cost of stretching a password, which every sign-up and login pays.
///
/// - `pbkdf2`: one PBKDF2-HMAC-SHA256 iteration as ``PBKDF2`` runs it (the password's HMAC key
///   state computed once per derivation, two block compressions per iteration, no allocation);
///   baseline `pbkdf2-rekeyed`, the textbook loop that calls the one-shot HMAC with the password
///   each iteration (re-hashing the padded key blocks and allocating every time). Both derive
///   32 bytes with 100 000 iterations; the extra `ms_per_login` is the median scaled to the
///   server's default count (``Accounts`` uses 600 000).
enum CryptoBenchmark {
    static let iterations = 100_000
    static let defaultIterations = 600_000

    static func run(report: Report) {
        report.header("crypto")
        let password = Array("correct horse battery staple".utf8)
        let salt = Array("0123456789abcdef".utf8)
        var checksum: UInt8 = 0
        let fast = Stopwatch.medianNanoseconds(runs: 5, operations: iterations) {
            let key = PBKDF2.deriveKey(password: password, salt: salt, iterations: iterations, count: 32)
            checksum ^= key[0]
        }
        let rekeyed = Stopwatch.medianNanoseconds(runs: 5, operations: iterations) {
            let key = rekeyedDerivation(password: password, salt: salt, iterations: iterations)
            checksum ^= key[0]
        }
        report.emit(
            Figure(
                name: "pbkdf2", unit: "iteration", medianNanoseconds: fast, baseline: "pbkdf2-rekeyed",
                baselineMedianNanoseconds: rekeyed,
                extra: [("ms_per_login", fast * Double(defaultIterations) / 1e6), ("checksum", Double(checksum))]))
    }

    /// PBKDF2's first output block the textbook way: a one-shot HMAC keyed with the password for
    /// every iteration.
    static func rekeyedDerivation(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        var previous = HMACSHA256.authenticationCode(for: salt + [0, 0, 0, 1], key: password)
        var total = previous
        for _ in 1..<iterations {
            previous = HMACSHA256.authenticationCode(for: previous, key: password)
            for index in total.indices { total[index] ^= previous[index] }
        }
        return total
    }
}
