import RxChainJSON
import RxChainTesting
import TimeTracking

/// Random time tracker messages, local and server answers mixed, over a few ids, remote ids
/// and minutes, so that rules collide often.
enum TimeTrackingGen {
    static let ids = ["a", "b", "c", "d", "r1", "r2"]
    static let id = Gen.element(of: ids)
    static let remoteId = Gen<Int>.integer(in: 1...4)
    static let workspace = Gen<Int>.integer(in: 1...3)

    /// A time within one hour, written as UTC, with a fraction, or with an offset.
    static let time: Gen<Timestamp> = Gen.zip(.integer(in: 0...59), .integer(in: 0...59), .integer(in: 0...2)).map {
        minute, second, style in
        let clock = "\(pad(minute)):\(pad(second))"
        let text =
            switch style {
            case 0: "2024-05-01T10:\(clock)Z"
            case 1: "2024-05-01T10:\(clock).750Z"
            default: "2024-05-01T12:\(clock)+02:00"
            }
        return (try? Timestamp(parsing: text)) ?? Timestamp(utcSeconds: 0)!
    }

    static let start = Gen.zip(id, time, workspace, Gen.element(of: ["", "write", "read"]).optional()).map {
        TimeTrackingAction.start(EntryStart(id: $0, at: $1, workspaceId: $2, description: $3, tags: ["t"]))
    }

    static let stop = Gen.zip(id, time).map { TimeTrackingAction.stop(id: $0, at: $1) }

    static let continueEntry = Gen.zip(id, id, time).map { TimeTrackingAction.continueEntry(id: $0, newId: $1, at: $2) }

    static let stopChange: Gen<FieldChange<Timestamp>> = Gen.oneOf(
        .constant(.keep), .constant(.clear), time.map { .set($0) })

    static let put = Gen.zip(
        Gen.zip(id, time, workspace.optional()), time.optional(), stopChange, Gen.element(of: ["x", "y"]).optional()
    ).map { first, start, stop, description in
        TimeTrackingAction.put(
            EntryPut(
                id: first.0, at: first.1, description: description, workspaceId: first.2,
                projectId: description == nil ? .keep : .clear, start: start, stop: stop))
    }

    static let remove = Gen.zip(id.array(length: 1...3), time).map { TimeTrackingAction.remove(ids: $0, at: $1) }

    static let ack = Gen.zip(
        Gen.zip(id, Gen.element(of: SyncAck.Kind.allCases)), remoteId, time, time
    ).map { first, remoteId, sent, serverAt in
        TimeTrackingAction.ack(
            SyncAck(id: first.0, kind: first.1, remoteId: remoteId, sentModifiedAt: sent, serverAt: serverAt))
    }

    static let reject = Gen.zip(id, Gen.element(of: [400, 404, 500]), Gen.element(of: ["bad", "x"]).optional()).map {
        TimeTrackingAction.reject(SyncReject(id: $0, status: $1, message: $2))
    }

    static let serverEntry = Gen.zip(
        Gen.zip(remoteId, workspace), time, Gen<Int>.integer(in: 0...600).optional(), Gen.zip(time, Gen.bool)
    ).map { first, start, length, last in
        let startSecond = start.truncatedToUTCSecond!
        return ServerTimeEntry(
            remoteId: first.0, description: "server", workspaceId: first.1, start: start,
            stop: length.map { Timestamp(utcSeconds: startSecond.seconds + Int64($0))! }, at: last.0,
            deletedAt: last.1 ? last.0 : nil)
    }

    static let serverChanges = Gen.zip(time, serverEntry.array(length: 0...3)).map {
        TimeTrackingAction.serverChanges(ServerChanges(at: $0, entries: $1))
    }

    static let action: Gen<TimeTrackingAction> = Gen.frequency([
        (4, start), (3, stop), (2, continueEntry), (3, put), (2, remove), (3, ack), (2, reject), (2, serverChanges),
    ])

    static let actions = action.array(length: 0...40)

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
