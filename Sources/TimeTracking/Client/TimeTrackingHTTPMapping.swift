import Foundation
import RxChainCore
import RxChainJSON
import RxChainRemotes

/// How the time tracker's queued requests become calls of the Toggl Track v9-shaped API:
///
/// | request | call |
/// | --- | --- |
/// | create | `POST /api/v9/workspaces/{wid}/time_entries` (running: `duration: -1`, `stop: null`) |
/// | update | `PUT /api/v9/workspaces/{wid}/time_entries/{remoteId}` |
/// | stop | `PATCH /api/v9/workspaces/{wid}/time_entries/{remoteId}/stop` `{"stop": TIME}` (the time the device stopped it) |
/// | delete | `DELETE /api/v9/me/time_entries/{remoteId}` (a tombstone no longer knows its workspace); nothing without a `remoteId` |
public struct TimeTrackingHTTPMapping: HTTPRequestMapping {
    /// Creates the mapping.
    public init() {}

    public func call(for record: QueueRecord) throws(HTTPMappingError) -> HTTPCall? {
        let request: TimeEntryRequest
        do {
            request = try JSONDecoder().decode(TimeEntryRequest.self, from: record.payload)
        } catch {
            throw HTTPMappingError("not a time entry request: \(error)")
        }
        let entries = "/api/v9/workspaces"
        switch request {
        case .create(let snapshot):
            return HTTPCall(
                method: "POST", path: "\(entries)/\(snapshot.workspaceId)/time_entries",
                body: TogglRecord.body(of: snapshot))
        case .update(let snapshot):
            guard let remoteId = snapshot.remoteId else { throw HTTPMappingError("an update without a remoteId") }
            return HTTPCall(
                method: "PUT", path: "\(entries)/\(snapshot.workspaceId)/time_entries/\(remoteId)",
                body: TogglRecord.body(of: snapshot))
        case .stop(let snapshot):
            guard let remoteId = snapshot.remoteId else { throw HTTPMappingError("a stop without a remoteId") }
            // The stop time the device recorded, not the moment the request reaches the server.
            var body = JSONObjectWriter()
            if let stop = snapshot.stop { body.member("stop", stop.description) }
            return HTTPCall(
                method: "PATCH", path: "\(entries)/\(snapshot.workspaceId)/time_entries/\(remoteId)/stop",
                body: snapshot.stop == nil ? nil : body.finish())
        case .delete(_, let remoteId, _):
            guard let remoteId else { return nil }
            // Gone already (404, or 410 past the server's deletion window): deleted, as asked.
            return HTTPCall(
                method: "DELETE", path: "/api/v9/me/time_entries/\(remoteId)", alreadyDoneStatuses: [404, 410])
        }
    }
}
