import RxChainLogs

extension TodoListsState {
    /// Applies an action of list `list`'s log (`shared/specs/todolists.md`, "Actions").
    ///
    /// - `rename_list` sets the list's name (the later wins).
    /// - `create_item` prepends the item; a known id (live or deleted) is skipped, so a
    ///   replayed create never wipes later edits.
    /// - `delete_item` tombstones a live item in its slot; unknown or deleted: skipped.
    /// - `reorder_item` moves a live item (``TodoOrder/reorder(_:after:noun:)``).
    /// - `complete_item`, `star_item`, `describe_item` edit a live item (the later wins);
    ///   unknown or deleted: skipped. A describe from an `orig_description` that is not the
    ///   current text, to a new text that is not it either, marks the item with
    ///   `conflict: {overwritten: <current text>}`; a describe from the current text clears it.
    /// - Any other action does not belong here and is skipped.
    mutating func applyList(_ action: TodoAction, list: String) -> OrderedLogOutcome {
        switch action {
        case .renameList(let name):
            names[list] = name
            return .applied
        case .createItem(let id, let description, let starred, let completed):
            return modifyItems(of: list) { listItems in
                guard !listItems.order.contains(id) else { return .skipped("item \(id) already exists") }
                listItems.order.prepend(id)
                listItems.byID[id] = TodoItem(description: description, completed: completed, starred: starred)
                return .applied
            }
        case .deleteItem(let id):
            return modifyItems(of: list) { listItems in
                guard listItems.order.remove(id) else { return .skipped("delete of unknown or deleted item \(id)") }
                listItems.byID[id] = nil
                return .applied
            }
        case .reorderItem(let id, let anchor):
            return modifyItems(of: list) { $0.order.reorder(id, after: anchor, noun: "item") }
        case .completeItem(let id, let done):
            return modifyItem(id, of: list) { $0.completed = done }
        case .starItem(let id, let starred):
            return modifyItem(id, of: list) { $0.starred = starred }
        case .describeItem(let id, let newDescription, let origDescription):
            return modifyItem(id, of: list) { item in
                let current = item.description
                if let origDescription {
                    if origDescription == current {
                        item.conflict = nil
                    } else if newDescription != current {
                        item.conflict = TodoItem.Conflict(overwritten: current)
                    }
                }
                item.description = newDescription
            }
        case .createList, .deleteList, .reorderList, .shareList, .acceptShare, .rejectShare, .request,
            .noteActionAccepted, .noteActionRejected:
            return .skipped("\(action.type) does not belong in a list log")
        }
    }

    /// Runs `body` on the items of `list` (none yet: an empty list), in place; stores them
    /// unless `body` skipped (it then left them unchanged).
    private mutating func modifyItems(
        of list: String, _ body: (inout TodoListItems) -> OrderedLogOutcome
    ) -> OrderedLogOutcome {
        items.modifyValue(forKey: list) { items in
            let wasPresent = items != nil
            var listItems = items ?? TodoListItems()
            items = nil  // Let `listItems` be uniquely referenced.
            let outcome = body(&listItems)
            if wasPresent || outcome == .applied { items = listItems }
            return outcome
        }
    }

    /// Runs `edit` on the live item `id` of `list`; skipped when it is unknown or deleted.
    private mutating func modifyItem(
        _ id: String, of list: String, _ edit: (inout TodoItem) -> Void
    ) -> OrderedLogOutcome {
        modifyItems(of: list) { listItems in
            guard listItems.byID[id] != nil else { return .skipped("edit of unknown or deleted item \(id)") }
            edit(&listItems.byID[id]!)
            return .applied
        }
    }
}
