/// Every `actionId` a playbook holds, each with the digest of the line that claimed it: the
/// rule that makes an action count once.
///
/// The **first** valid line carrying an actionId claims it and is applied. A later line with
/// the same actionId is skipped: a *duplicate* when its bytes are the same as the first
/// line's (a write whose answer was lost, sent again), a *clash* when they are not (another
/// action under an actionId already taken). Nothing one line says reaches any other
/// actionId: a line claiming `"phone:1000000"` takes exactly that id, never `phone:1…999999`.
///
/// A device uses the same index to know what the playbook holds of its own actions: a queued
/// record counts as uploaded only when its actionId is claimed by a line with the digest of
/// the record's own line (``LineDigest``), never because a larger `seq` was seen.
///
/// Memory: 8 bytes per actionId while each device's `seq`s run 1, 2, 3… without gaps (the
/// engine's own numbering), plus a dictionary entry per `seq` outside that run.
///
/// ```swift
/// var index = ActionIDIndex()
/// index.claim(ActionID(deviceID: "phone", seq: 1), digest: 7)   // .first
/// index.claim(ActionID(deviceID: "phone", seq: 1), digest: 7)   // .duplicate
/// index.claim(ActionID(deviceID: "phone", seq: 1), digest: 8)   // .clash
/// ```
@usableFromInline package struct ActionIDIndex: Sendable {
    /// What a line's claim on its actionId came to.
    @usableFromInline package enum Claim: Sendable, Hashable {
        /// The actionId was free: the line is applied.
        case first
        /// An earlier line with the same bytes holds it: skipped.
        case duplicate
        /// An earlier, different line holds it: skipped.
        case clash
    }

    /// A device's place in ``devices``, for callers that look one device up once per many lines.
    @usableFromInline package struct Slot: Sendable, Hashable {
        fileprivate let index: Int
    }

    /// Where a device's claims stood, to list the ones made after it (``claims(of:since:)``).
    @usableFromInline package struct Mark: Sendable {
        fileprivate let denseCount: Int
        fileprivate let sparseSeqs: Set<UInt64>
    }

    private var slotsByDevice: [String: Int] = [:]
    private var devices: [DeviceClaims] = []
    /// How many actionIds are claimed.
    @usableFromInline package private(set) var count = 0

    /// An index of nothing.
    @usableFromInline package init() {}

    /// The devices with at least one claimed actionId, in the order first met.
    @usableFromInline package var deviceIDs: [String] { devices.map(\.deviceID) }

    /// The slot of `deviceID`, made when the device is new.
    @usableFromInline package mutating func slot(of deviceID: String) -> Slot {
        if let index = slotsByDevice[deviceID] { return Slot(index: index) }
        slotsByDevice[deviceID] = devices.count
        devices.append(DeviceClaims(deviceID: deviceID))
        return Slot(index: devices.count - 1)
    }

    /// Claims `seq` of the device in `slot` for the line whose digest is `digest`.
    @discardableResult
    @usableFromInline package mutating func claim(seq: UInt64, digest: UInt64, in slot: Slot) -> Claim {
        let claim = devices[slot.index].claim(seq: seq, digest: digest)
        if claim == .first { count += 1 }
        return claim
    }

    /// Claims `id` for the line whose digest is `digest`.
    @discardableResult
    @usableFromInline package mutating func claim(_ id: ActionID, digest: UInt64) -> Claim {
        claim(seq: id.seq, digest: digest, in: slot(of: id.deviceID))
    }

    /// The digest of the line that claimed `id`, or `nil` when no line did.
    @usableFromInline package func digest(of id: ActionID) -> UInt64? {
        guard let index = slotsByDevice[id.deviceID] else { return nil }
        return devices[index].digest(of: id.seq)
    }

    /// The highest `seq` claimed for `deviceID`, or `nil` when none is.
    @usableFromInline package func highestSeq(of deviceID: String) -> UInt64? {
        slotsByDevice[deviceID].flatMap { devices[$0].highest }
    }

    /// Where `deviceID`'s claims stand now.
    @usableFromInline package func mark(of deviceID: String) -> Mark {
        guard let index = slotsByDevice[deviceID] else { return Mark(denseCount: 0, sparseSeqs: []) }
        return Mark(denseCount: devices[index].dense.count, sparseSeqs: Set(devices[index].sparse.keys))
    }

    /// The claims of `deviceID` made since `mark`, in `seq` order.
    @usableFromInline package func claims(of deviceID: String, since mark: Mark) -> [(seq: UInt64, digest: UInt64)] {
        guard let index = slotsByDevice[deviceID] else { return [] }
        let device = devices[index]
        var found: [(seq: UInt64, digest: UInt64)] = []
        if device.dense.count > mark.denseCount {
            for offset in mark.denseCount..<device.dense.count {
                let seq = UInt64(offset + 1)
                if !mark.sparseSeqs.contains(seq) { found.append((seq, device.dense[offset])) }
            }
        }
        for (seq, digest) in device.sparse where !mark.sparseSeqs.contains(seq) { found.append((seq, digest)) }
        return found.sorted { $0.seq < $1.seq }
    }

    /// Every claim, by device, for the snapshot encoding: dense digests (`seq` 1…) and the rest.
    var claimsByDevice: [(deviceID: String, dense: [UInt64], sparse: [(seq: UInt64, digest: UInt64)])] {
        devices.map { device in
            (device.deviceID, device.dense, device.sparse.map { ($0.key, $0.value) }.sorted { $0.seq < $1.seq })
        }
    }
}

extension ActionIDIndex: Equatable {
    /// Two indexes are equal when they hold the same claims, whatever order their devices came in.
    @usableFromInline package static func == (lhs: ActionIDIndex, rhs: ActionIDIndex) -> Bool {
        guard lhs.count == rhs.count, lhs.devices.count == rhs.devices.count else { return false }
        for device in lhs.devices {
            guard let index = rhs.slotsByDevice[device.deviceID], rhs.devices[index] == device else { return false }
        }
        return true
    }
}

/// One device's claimed `seq`s: digests of `seq` 1…n in an array while they run without a
/// gap, the others in a dictionary (a line from far ahead costs one entry, not a run).
private struct DeviceClaims: Sendable, Equatable {
    let deviceID: String
    /// `dense[i]` is the digest of `seq` `i + 1`.
    var dense: [UInt64] = []
    /// Claimed `seq`s outside `1...dense.count` (never `dense.count + 1`: it joins `dense`).
    var sparse: [UInt64: UInt64] = [:]
    var highest: UInt64?

    init(deviceID: String) {
        self.deviceID = deviceID
    }

    func digest(of seq: UInt64) -> UInt64? {
        if seq >= 1, seq <= UInt64(dense.count) { return dense[Int(seq - 1)] }
        return sparse[seq]
    }

    mutating func claim(seq: UInt64, digest: UInt64) -> ActionIDIndex.Claim {
        if let existing = self.digest(of: seq) { return existing == digest ? .duplicate : .clash }
        if seq == UInt64(dense.count) + 1 {
            dense.append(digest)
            while !sparse.isEmpty, let next = sparse.removeValue(forKey: UInt64(dense.count) + 1) {
                dense.append(next)
            }
        } else {
            sparse[seq] = digest
        }
        highest = max(highest ?? seq, seq)
        return .first
    }
}
