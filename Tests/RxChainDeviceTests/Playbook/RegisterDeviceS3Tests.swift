import Foundation
import RxChainTestFixtures
import Testing

/// The register's devices syncing through the S3 test server, in both layouts: one object
/// (`S3Remote`) and one object per append (`S3SegmentedRemote`). Runs whenever the endpoint
/// is set (CI sets it), and fails then if the server cannot be used.
@Suite(.enabled(if: S3TestServer.endpoint != nil, "needs RXCHAIN_S3_ENDPOINT (the SeaweedFS of .ci/seaweedfs)"))
struct RegisterDeviceS3Tests {
    static let layouts = ["object", "segmented"]

    static func location(_ layout: String) -> String {
        layout == "object"
            ? "s3://playbooks/register-\(UUID().uuidString)/playbook.ndjson"
            : "s3://playbooks/register-seg-\(UUID().uuidString)/"
    }

    @Test(arguments: layouts)
    func twoDevicesConvergeOnTheReplayOfThePlaybook(layout: String) async throws {
        try await RegisterWorld.s3(Self.location(layout), RegisterDeviceChecks.twoDevicesConverge)
    }

    @Test(arguments: layouts)
    func anOvertakenActionIsIgnoredOnEveryDevice(layout: String) async throws {
        try await RegisterWorld.s3(Self.location(layout), RegisterDeviceChecks.anOvertakenActionIsIgnoredEverywhere)
    }

    @Test(arguments: layouts)
    func pendingActionsSurviveReopening(layout: String) async throws {
        try await RegisterWorld.s3(Self.location(layout), RegisterDeviceChecks.pendingActionsSurviveReopening)
    }
}
