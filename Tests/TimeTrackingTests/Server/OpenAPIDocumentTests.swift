import Foundation
import RxChainServer
import RxChainServerOpenAPI
import Testing
import TimeTracking

/// The OpenAPI document the server serves at `GET /openapi.json` is the one kept in the
/// repository, and lists exactly the routes the server answers (with the time entry service
/// mounted, as `rxchain-server` runs): every documented route is answered by a handler (not the
/// router's 404 or 405), and every route the server declares is documented.
@Suite struct OpenAPIDocumentTests {
    /// `Sources/RxChainServerOpenAPI/openapi.json`, from this file's place in the repository.
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/RxChainServerOpenAPI/openapi.json")

    /// The document's routes: `METHOD /path/{param}`.
    static func documentedRoutes(_ document: [String: Any]) throws -> Set<String> {
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var routes: Set<String> = []
        for (path, operations) in paths {
            for method in operations.keys { routes.insert("\(method.uppercased()) \(path)") }
        }
        return routes
    }

    @Test func theServedDocumentIsTheOneInTheRepository() async throws {
        let harness = await TimeEntryServiceHarness()
        let served = await harness.send("GET", "/openapi.json", token: nil)
        #expect(served.status == 200)
        let file = try Data(contentsOf: Self.source)
        let fromFile = try #require(try JSONSerialization.jsonObject(with: file) as? NSDictionary)
        let fromServer = try #require(try JSONSerialization.jsonObject(with: Data(served.body)) as? NSDictionary)
        #expect(fromFile == fromServer, "run .ci/openapi generate after editing openapi.json")
        #expect(fromFile["openapi"] as? String == "3.1.0")
    }

    @Test func theDocumentListsExactlyTheRoutesTheServerAnswers() async throws {
        let harness = await TimeEntryServiceHarness()
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes)) as? [String: Any])
        let declared = Set(
            harness.server.routes.map { "\($0.method) \($0.template.replacingOccurrences(of: "+}", with: "}"))" })
        let documented = try Self.documentedRoutes(document)
        #expect(
            documented.subtracting(declared).isEmpty, "documented, not declared: \(documented.subtracting(declared))")
        #expect(
            declared.subtracting(documented).isEmpty, "declared, not documented: \(declared.subtracting(documented))")
        #expect(declared.count == harness.server.routes.count, "no route is declared twice")
    }

    /// Each declared route, with sample parameters, reaches a handler: whatever it answers, it is
    /// not the router's "no route" 404 or a 405; and another method on the same path is a 405 or
    /// another route's answer, never a handler's success by mistake.
    @Test func everyDeclaredRouteReachesAHandler() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let samples = [
            "{log+}": "users/alice/actions", "{device}": "d9", "{kind}": "lists", "{id}": "5", "{user}": "bob",
            "{workspace_id}": "7",
        ]
        for route in harness.server.routes where route != ServerRoute("DELETE", "/sessions/current") {
            var path = route.template
            for (placeholder, value) in samples { path = path.replacingOccurrences(of: placeholder, with: value) }
            // `wait=0`: the feed answers at once.
            let answer = await harness.send(route.method, path, token: token, query: ["wait": "0"], body: "{}")
            let text = String(decoding: answer.body, as: UTF8.self)
            #expect(answer.status != 405, "\(route): \(answer.text)")
            #expect(!(answer.status == 404 && text.contains("no route for")), "\(route): \(answer.text)")
            #expect(harness.server.routes.template(method: route.method, path: path) == route.template, "\(route)")
        }
        let unknown = await harness.send("GET", "/no/such/route", token: token)
        #expect(unknown.status == 404 && harness.server.routes.template(method: "GET", path: "/no/such/route") == nil)
        let wrongMethod = await harness.send("PATCH", "/devices", token: token)
        #expect(wrongMethod.status == 405)
    }
}
