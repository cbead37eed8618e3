import RxChainServer
import Testing

/// Route templates: `{name}` is one segment, a last `{name+}` one or more; a request is labelled
/// with its route's template, the method's own first.
@Suite struct ServerRouteTests {
    @Test(arguments: [
        ("/logs/{log+}", "/logs/users/alice/actions", true), ("/logs/{log+}", "/logs/a", true),
        ("/logs/{log+}", "/logs/", false), ("/logs/{log+}", "/logs", false), ("/devices/{device}", "/devices/d1", true),
        ("/devices/{device}", "/devices/d1/x", false), ("/devices/{device}", "/devices/", false),
        ("/feed", "/feed", true), ("/feed", "/feeds", false), ("/a/{b}/c", "/a/x/c", true),
        ("/a/{b}/c", "/a/x/d", false),
    ])
    func templatesMatchPaths(_ template: String, _ path: String, _ matches: Bool) {
        #expect(ServerRoute("GET", template).matches(path: path) == matches)
    }

    @Test func aRequestIsLabelledWithItsMethodsRouteFirst() {
        let routes = [
            ServerRoute("GET", "/api/v9/me/time_entries/current"), ServerRoute("GET", "/api/v9/me/time_entries/{id}"),
            ServerRoute("DELETE", "/api/v9/me/time_entries/{id}"),
        ]
        #expect(
            routes.template(method: "GET", path: "/api/v9/me/time_entries/current") == "/api/v9/me/time_entries/current"
        )
        #expect(routes.template(method: "GET", path: "/api/v9/me/time_entries/7") == "/api/v9/me/time_entries/{id}")
        #expect(routes.template(method: "PUT", path: "/api/v9/me/time_entries/7") == "/api/v9/me/time_entries/{id}")
        #expect(routes.template(method: "GET", path: "/elsewhere") == nil)
    }
}
