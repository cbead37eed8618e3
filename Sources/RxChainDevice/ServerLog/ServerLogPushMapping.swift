import Foundation
import RxChainCore
import RxChainJSON
import RxChainRemotes

/// How a server-log ``Device``'s queued requests become calls: `POST /logs/NAME` with
/// `{"entries":[{"id":ID,"body":BODY}]}`, unconditional (the server orders them), and
/// `PUT`/`DELETE /families/FAMILY/members/USER`.
struct ServerLogPushMapping: HTTPRequestMapping {
    func call(for record: QueueRecord) throws(HTTPMappingError) -> HTTPCall? {
        let request: ServerLogRequest
        do {
            request = try ServerLogRequest(queued: record)
        } catch {
            throw HTTPMappingError("not a request of a server-log device: \(error)")
        }
        switch request {
        case .append(let log, let id, let entryBody):
            var body = JSONObjectWriter()
            body.member("entries", objects: [(id, entryBody)]) { entry, element in
                entry.member("id", element.0)
                entry.member("body", json: Array(element.1.utf8))
            }
            return HTTPCall(method: "POST", path: "/logs/" + log, body: body.finish())
        case .membership(let family, let user, let member):
            return HTTPCall(method: member ? "PUT" : "DELETE", path: "/families/\(family)/members/\(user)")
        }
    }
}
