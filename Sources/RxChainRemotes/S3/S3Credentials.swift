/// An access key pair (and optional session token) that signs S3 requests.
///
/// ```swift
/// // In the CLI, never in library code:
/// let credentials = S3Credentials(environment: ProcessInfo.processInfo.environment)
/// ```
///
/// The secrets never leave this value except into a signature: they are not part of the public
/// API, ``description``, `debugDescription` and `dump` show only that credentials are present,
/// the type is not `Codable`, and no `PlaybookRemoteError` ever quotes them.
public struct S3Credentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The access key id (`AWS_ACCESS_KEY_ID`), e.g. `AKIAIOSFODNN7EXAMPLE`.
    package let accessKeyId: String
    /// The secret access key (`AWS_SECRET_ACCESS_KEY`).
    package let secretAccessKey: String
    /// The session token of temporary credentials (`AWS_SESSION_TOKEN`), sent as `x-amz-security-token`.
    package let sessionToken: String?

    /// Wraps a key pair; an empty `sessionToken` counts as none.
    public init(accessKeyId: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyId = accessKeyId
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken?.isEmpty == true ? nil : sessionToken
    }

    /// The credentials named by `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and
    /// `AWS_SESSION_TOKEN` in `environment`, or `nil` (anonymous access) when the key pair
    /// is missing or empty.
    ///
    /// Takes the environment as an argument so library code never reads the process's own.
    public init?(environment: [String: String]) {
        guard let keyId = environment["AWS_ACCESS_KEY_ID"], !keyId.isEmpty,
            let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty
        else { return nil }
        self.init(accessKeyId: keyId, secretAccessKey: secret, sessionToken: environment["AWS_SESSION_TOKEN"])
    }

    /// The region named by `AWS_REGION` (or `AWS_DEFAULT_REGION`) in `environment`, else `us-east-1`.
    public static func region(environment: [String: String]) -> String {
        for name in ["AWS_REGION", "AWS_DEFAULT_REGION"] {
            if let region = environment[name], !region.isEmpty { return region }
        }
        return "us-east-1"
    }

    /// Says that credentials are present, never what they are.
    public var description: String {
        sessionToken == nil ? "S3Credentials(redacted)" : "S3Credentials(redacted, with session token)"
    }

    public var debugDescription: String { description }

    /// No children, so `dump` and reflection cannot print the secrets.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
