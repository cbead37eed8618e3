import RxChainCore
import Testing

@Suite struct TagCompositeReducerTests {
    @Test func dispatchesEachTagToItsReducer() throws {
        let added = try tallyReducer.reduce(Tally(), .add(3))
        #expect(added == DataSync(Tally(count: 3, log: ["main:3"]), requests: ["add 3"]))
        let renamed = try tallyReducer.reduce(added.state, .rename("groceries"))
        #expect(renamed.state.label == "groceries")
        #expect(renamed.requests == ["rename groceries", "audit rename"])
    }

    @Test func rejectsAnUnregisteredTagNamingItAndTheRegisteredOnes() {
        #expect(throws: Rejection.self) { try tallyReducer.reduce(Tally(), .unregistered) }
        do {
            _ = try tallyReducer.reduce(Tally(), .unregistered)
        } catch {
            #expect(error.tag == "tally/unregistered")
            #expect(error.reason.contains("no reducer is registered for tag 'tally/unregistered'"))
            #expect(
                error.reason.contains(
                    "screen/show, tally/add, tally/entry, tally/forbidden, tally/record, tally/rename"))
        }
    }

    @Test func passesOnAReducersRejection() {
        do {
            _ = try tallyReducer.reduce(Tally(), .rename(""))
            Issue.record("an empty label was accepted")
        } catch {
            #expect(error == Rejection(tag: "tally/rename", reason: "the label must not be empty", field: "payload"))
            #expect(error.description == "tally/rename: payload: the label must not be empty")
        }
    }

    @Test func describesItsTagsInRegistrationOrder() {
        #expect(
            tallyReducer.tags == [
                "tally/add", "tally/rename", "tally/record", "tally/entry", "tally/forbidden", "screen/show",
            ])
    }

    private struct Tagged: Message {
        var tag: MessageTag
    }

    @Test(arguments: 1...40)
    func findsEveryTagAmongMany(count: Int) throws {
        let entries = (0..<count).map { index in
            On<Int, Tagged, String>(MessageTag("domain/action-\(index)")) { state, _ in
                state = index
                return []
            }
        }
        let reducer = TagCompositeReducer(entries: entries)
        for index in 0..<count {
            #expect(try reducer.reduce(-1, Tagged(tag: MessageTag("domain/action-\(index)"))).state == index)
        }
        #expect(throws: Rejection.self) { try reducer.reduce(-1, Tagged(tag: MessageTag("domain/action-\(count)"))) }
    }

    @Test func aCaseHandsItsReducerThePayloadAlreadyRead() throws {
        let reducer = TagCompositeReducer<Tally, TallyMessage, String> {
            On(TallyMessage.renameCase) { state, label in
                state.label = label
                return [label]
            }
        }
        let renamed = try reducer.reduce(Tally(), .rename("rent"))
        #expect(renamed == DataSync(Tally(label: "rent"), requests: ["rent"]))
    }

    /// A message whose `tag` names a case it is not (the domain's `tag` and its cases disagree)
    /// is rejected by the case's entry, never handed a payload it does not carry.
    @Test func aMessageThatIsNotItsTagsCaseIsRejected() {
        let renameUnderTheAddTag = MessageCase<TallyMessage, String>("tally/add") {
            if case .rename(let label) = $0 { label } else { nil }
        }
        let misfiled = TagCompositeReducer<Tally, TallyMessage, String> {
            On(renameUnderTheAddTag) { state, label in
                state.label = label
                return []
            }
        }
        #expect(
            throws: Rejection(
                tag: "tally/add", reason: "the message's case does not match the case registered for its tag")
        ) {
            try misfiled.reduce(Tally(), .add(1))
        }
    }

    /// A reducer that changed the state and then threw leaves nothing behind: the state is the
    /// one before the message.
    @Test func aRejectionKeepsTheStateTheReducerWasGiven() async throws {
        let reducer = TagCompositeReducer<Tally, TallyMessage, String> {
            On(TallyMessage.renameCase) { state, label in
                state.label = label
                throw Rejection(tag: "tally/rename", reason: "changed, then refused")
            }
        }
        let store = StoreManager(initialState: Tally(label: "before"), reducer: reducer)
        await #expect(throws: Rejection.self) { try await store.submit(.rename("after")).applied() }
        #expect(await store.state.label == "before")
    }

    @Test func registeringATagTwiceStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = TagCompositeReducer<Int, TallyMessage, String> {
                On("tally/add") { _, _ in [] }
                On("tally/add") { state, _ in
                    state += 1
                    return []
                }
            }
        }
    }
}
