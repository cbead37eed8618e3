import Hummingbird
import NIOCore

/// Hummingbird's basic request context plus the address of the connection's peer, which the
/// bridge hands to the core as the request's client address (the per-address login throttle).
///
/// The peer is whoever opened the TCP connection: behind a reverse proxy that is the proxy, and a
/// deployment there would read the address the proxy vouches for instead.
struct ClientRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
