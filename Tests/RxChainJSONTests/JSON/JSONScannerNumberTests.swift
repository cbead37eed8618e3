import Testing

@testable import RxChainJSON

/// Numbers convert in the scan, on the short path (up to 7 + 7 digits, no exponent, 16 bytes
/// of line ahead) or the general one, exactly as `doubleValue` and Swift's own parser do.
@Suite struct JSONScannerNumberTests {
    static let numbers = [
        "0", "-0", "7", "-7", "0.5", "-0.05", "187.85", "583.8", "1234567", "-1234567", "1234567.1234567",
        "-1234567.1234567", "0.0000001", "12345678", "0.12345678", "12345678.5", "123456789012345",
        "1234567890123456", "9007199254740993", "0.1", "1e2", "1E+2", "-1.5e-3", "1.7976931348623157e308",
        "4.9e-324",
    ]

    @Test(arguments: numbers)
    func convertsAsSwiftDoes(text: String) throws {
        // Far from the end of the line (the short path may look 16 bytes ahead) and at it.
        for suffix in [#","padding":"0123456789abcdef"}"#, "}", ""] {
            let scanned = try Self.scan(text + suffix)
            let value = scanned.value
            #expect(value.kind == .number && value.start == 0 && value.end == text.utf8.count, "\(text)")
            #expect(scanned.exact == Double(text)! && scanned.exact.sign == Double(text)!.sign, "\(text)")
            if let fast = scanned.fast { #expect(fast == scanned.exact && fast.sign == scanned.exact.sign, "\(text)") }
        }
    }

    @Test func shortNumbersConvertInTheScan() throws {
        for text in ["0", "-0", "187.85", "-1234567.1234567", "0.0000001"] {
            #expect(try Self.scan(text + #","padding":"0123456789abcdef"}"#).fast != nil, "\(text)")
        }
    }

    @Test(arguments: [
        ("01", "0"), ("-0.5.5", "-0.5"), ("1x", "1"), ("12345678901234567890", "12345678901234567890"),
    ])
    func stopsWhereTheNumberEnds(text: String, number: String) throws {
        for suffix in [#","padding":"0123456789abcdef"}"#, ""] {
            #expect(try Self.scan(text + suffix).value.end == number.utf8.count, "\(text)")
        }
    }

    @Test(arguments: [
        ("-", "expected a digit at byte 2"), ("-x", "expected a digit at byte 2"),
        ("1.", "expected a digit after '.' at byte 3"), ("1.e5", "expected a digit after '.' at byte 3"),
        ("1e", "expected a digit in the exponent at byte 3"), ("1e+", "expected a digit in the exponent at byte 4"),
    ])
    func malformedNumbersFailAtTheSameByte(text: String, message: String) {
        for suffix in ["                    ", ""] {
            var failure: String?
            do throws(JSONScanner.SyntaxError) {
                _ = try Self.scan(text + suffix)
            } catch {
                failure = error.message
            }
            #expect(failure == message, "\(text)")
        }
    }

    /// What scanning the number at the start of a line gives.
    struct Scanned {
        var value: JSONScanner.Value
        /// The scan's `fastValue`.
        var fast: Double?
        /// `doubleValue(value)`.
        var exact: Double
    }

    /// Scans the number at the start of `line`.
    static func scan(_ line: String) throws(JSONScanner.SyntaxError) -> Scanned {
        let bytes = Array(line.utf8)
        let result = bytes.withUnsafeBytes { buffer -> Result<Scanned, JSONScanner.SyntaxError> in
            var scanner = JSONScanner(buffer)
            var fast: Double?
            do throws(JSONScanner.SyntaxError) {
                let value = try scanner.scanNumber(fastValue: &fast)
                return .success(Scanned(value: value, fast: fast, exact: scanner.doubleValue(value)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
