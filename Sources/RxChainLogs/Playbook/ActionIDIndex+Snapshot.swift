extension ActionIDIndex {
    /// Writes the index for the local file: the device count, then per device (in the order
    /// first met) its id, its run of digests for `seq` 1…n (a count, then 8 bytes each,
    /// little-endian), and its other claims (a count, then a varint `seq` and 8 bytes each).
    package func write(into writer: inout SnapshotWriter) {
        let claims = claimsByDevice
        writer.write(count: claims.count)
        for device in claims {
            writer.write(device.deviceID)
            writer.write(count: device.dense.count)
            writer.write(uint64s: device.dense)
            writer.write(count: device.sparse.count)
            for (seq, digest) in device.sparse {
                writer.write(varint: seq)
                writer.write(uint64: digest)
            }
        }
    }

    /// Reads back what ``write(into:)`` wrote.
    ///
    /// - Throws: ``SnapshotDecodingError`` when the bytes are cut short or name an actionId twice.
    init(reading reader: inout SnapshotReader) throws(SnapshotDecodingError) {
        self.init()
        let deviceCount = try reader.readCount()
        for _ in 0..<deviceCount {
            let deviceID = try reader.readString()
            let slot = slot(of: deviceID)
            let dense = try reader.readCount()
            for seq in 0..<dense {
                try claimOnce(seq: UInt64(seq) + 1, digest: try reader.readUInt64(), in: slot, deviceID: deviceID)
            }
            let sparse = try reader.readCount()
            for _ in 0..<sparse {
                let seq = try reader.readVarint()
                try claimOnce(seq: seq, digest: try reader.readUInt64(), in: slot, deviceID: deviceID)
            }
        }
    }

    private mutating func claimOnce(seq: UInt64, digest: UInt64, in slot: Slot, deviceID: String)
        throws(SnapshotDecodingError)
    {
        guard claim(seq: seq, digest: digest, in: slot) == .first else {
            throw SnapshotDecodingError("actionId \(deviceID):\(seq) appears twice")
        }
    }
}
