import RxChain
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
        #expect(tallyReducer.handles("tally/add"))
        #expect(!tallyReducer.handles("tally/unregistered"))
    }

    @Test(arguments: 1...40)
    func findsEveryTagAmongMany(count: Int) throws {
        let entries = (0..<count).map { index in
            On<Int, TallyMessage, String>(MessageTag("domain/action-\(index)")) { _, _ in DataSync(index) }
        }
        let reducer = TagCompositeReducer(entries: entries)
        for index in 0..<count {
            #expect(reducer.handles(MessageTag("domain/action-\(index)")))
        }
        #expect(!reducer.handles(MessageTag("domain/action-\(count)")))
    }

    @Test func registeringATagTwiceStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = TagCompositeReducer<Int, TallyMessage, String> {
                On("tally/add") { state, _ in DataSync(state) }
                On("tally/add") { state, _ in DataSync(state + 1) }
            }
        }
    }
}
