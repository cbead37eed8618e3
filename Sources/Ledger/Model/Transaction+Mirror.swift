extension Transaction: CustomReflectable {
    /// The record's fields as its children, so `print` and `dump` show a `Transaction` as they
    /// show a plain struct of those fields (not its storage box).
    public var customMirror: Mirror {
        let fields = storage.fields
        return Mirror(
            self,
            children: [
                "id": fields.id, "charge": fields.charge as Any, "category": category as Any,
                "type": fields.type as Any, "description": fields.description as Any,
                "modifiedAt": fields.modifiedAt as Any, "deletedAt": fields.deletedAt as Any,
            ] as KeyValuePairs<String, Any>,
            displayStyle: .struct)
    }
}
