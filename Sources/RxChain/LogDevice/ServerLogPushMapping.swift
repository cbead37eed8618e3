import Foundation

/// How a ``ServerLogDevice``'s queued entries become appends: `POST /logs/NAME` with
/// `{"entries":[{"id":ID,"body":BODY}]}`, unconditional (the server orders them).
struct ServerLogPushMapping: HTTPRequestMapping {
    func call(for record: QueueRecord) throws(HTTPMappingError) -> HTTPCall {
        let request: ServerLogRequest
        do {
            request = try JSONDecoder().decode(ServerLogRequest.self, from: record.payload)
        } catch {
            throw HTTPMappingError("not an entry to append: \(error)")
        }
        var body = JSONObjectWriter()
        body.member("entries", objects: [request]) { entry, request in
            entry.member("id", request.id)
            entry.member("body", json: Array(request.body.utf8))
        }
        return HTTPCall(method: "POST", path: "/logs/" + request.log, body: body.finish())
    }
}
