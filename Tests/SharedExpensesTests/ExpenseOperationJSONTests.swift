import RxChainJSON
import SharedExpenses
import Testing

/// The codec of operations (Operations/ExpenseOperation+JSON): shapes read, fields at fault named.
@Suite struct ExpenseOperationJSONTests {
    static func line(_ type: String, _ payload: String, extra: String = "") -> [UInt8] {
        Array(
            #"{"operationId":"op1","createdAt":1700000000000,"authorId":"alice","type":"\#(type)","payload":\#(payload)\#(extra)}"#
                .utf8)
    }

    @Test(
        arguments: [
            (
                line("createSpendingGroup", #"{"groupId":"G1","participants":["bob","alice"],"displayName":"Trip"}"#),
                .createSpendingGroup(
                    GroupCreationPayload(groupID: "G1", participants: ["bob", "alice"], displayName: "Trip"))
            ),
            (
                line("createSpendingGroup", #"{"groupId":"G1","participants":["bob"],"displayName":null}"#),
                .createSpendingGroup(GroupCreationPayload(groupID: "G1", participants: ["bob"]))
            ),
            (line("deleteSpendingGroup", #"{"groupId":"G1"}"#), .deleteSpendingGroup(groupID: "G1")),
            (
                line(
                    "createSpending",
                    #"{"spendingId":"S1","groupId":"G1","name":"Taxi","currency":"EUR","amount":150,"shares":[{"userId":"bob","amount":-150},{"userId":"alice","amount":150}]}"#
                ),
                .createSpending(
                    SpendingCreationPayload(
                        spendingID: "S1", groupID: "G1", name: "Taxi", currency: "EUR", amount: 150,
                        shares: [Share(userID: "bob", amount: -150), Share(userID: "alice", amount: 150)]))
            ),
            (
                line("deleteSpending", #"{"spendingId":"S1","groupId":"G1"}"#),
                .deleteSpending(spendingID: "S1", groupID: "G1")
            ),
            (line("sendFriendRequest", #"{"target":"bob"}"#), .sendFriendRequest(target: "bob")),
            (line("acceptFriendRequest", #"{"sender":"bob"}"#), .acceptFriendRequest(sender: "bob")),
            (line("rejectFriendRequest", #"{"sender":"bob"}"#), .rejectFriendRequest(sender: "bob")),
            (line("rollbackFriendRequest", #"{"target":"bob"}"#), .rollbackFriendRequest(target: "bob")),
            (line("unfriend", #"{"target":"bob"}"#, extra: #","later":true"#), .unfriend(target: "bob")),
            (line("renameGroup", #"[1,2]"#), .unknown(type: "renameGroup")),
        ] as [([UInt8], ExpenseOperationPayload)])
    func everyTypeReads(_ bytes: [UInt8], payload: ExpenseOperationPayload) throws {
        let operation = try ExpenseOperation(json: bytes)
        #expect(
            operation
                == ExpenseOperation(
                    operationID: "op1", createdAt: 1_700_000_000_000, authorID: "alice", payload: payload))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""type":"\#(operation.type)""#))
    }

    @Test(
        arguments: [
            ("not json", "line"),
            ("[1]", "line"),
            (#"{"createdAt":1,"authorId":"a","type":"unfriend","payload":{"target":"b"}}"#, "operationId"),
            (
                #"{"operationId":"","createdAt":1,"authorId":"a","type":"unfriend","payload":{"target":"b"}}"#,
                "operationId"
            ),
            (
                #"{"operationId":"o","createdAt":-1,"authorId":"a","type":"unfriend","payload":{"target":"b"}}"#,
                "createdAt"
            ),
            (
                #"{"operationId":"o","createdAt":1.5,"authorId":"a","type":"unfriend","payload":{"target":"b"}}"#,
                "createdAt"
            ),
            (
                #"{"operationId":"o","createdAt":9223372036854775808,"authorId":"a","type":"unfriend","payload":{"target":"b"}}"#,
                "createdAt"
            ),
            (#"{"operationId":"o","createdAt":1,"type":"unfriend","payload":{"target":"b"}}"#, "authorId"),
            (#"{"operationId":"o","createdAt":1,"authorId":"a","type":7,"payload":{}}"#, "type"),
            (#"{"operationId":"o","createdAt":1,"authorId":"a","type":"unfriend"}"#, "payload"),
            (#"{"operationId":"o","createdAt":1,"authorId":"a","type":"unfriend","payload":"b"}"#, "payload"),
            (#"{"operationId":"o","createdAt":1,"authorId":"a","type":"unfriend","payload":{}}"#, "payload.target"),
            (
                #"{"operationId":"o","createdAt":1,"authorId":"a","type":"createSpendingGroup","payload":{"groupId":"G","participants":["a",1]}}"#,
                "payload.participants[1]"
            ),
            (
                #"{"operationId":"o","createdAt":1,"authorId":"a","type":"createSpending","payload":{"spendingId":"S","groupId":"G","name":"n","currency":"EUR","amount":1.5,"shares":[]}}"#,
                "payload.amount"
            ),
            (
                #"{"operationId":"o","createdAt":1,"authorId":"a","type":"createSpending","payload":{"spendingId":"S","groupId":"G","name":"n","currency":"EUR","amount":99999999999999999999,"shares":[]}}"#,
                "payload.amount"
            ),
            (
                #"{"operationId":"o","createdAt":1,"authorId":"a","type":"createSpending","payload":{"spendingId":"S","groupId":"G","name":"n","currency":"EUR","amount":5,"shares":[{"userId":"a","amount":5},{"userId":"b","amount":"-5"}]}}"#,
                "payload.shares[1].amount"
            ),
        ] as [(String, String)])
    func aLineThatIsNoOperationNamesTheField(_ text: String, field: String) {
        #expect(throws: JSONFieldError.self) { try ExpenseOperation(json: Array(text.utf8)) }
        do {
            _ = try ExpenseOperation(json: Array(text.utf8))
        } catch {
            #expect(error.field == field, "\(error)")
        }
    }

    @Test func anAmountOutOfRangeSaysSo() {
        let text =
            #"{"operationId":"o","createdAt":1,"authorId":"a","type":"createSpending","payload":{"spendingId":"S","groupId":"G","name":"n","currency":"EUR","amount":9223372036854775808,"shares":[]}}"#
        #expect(
            throws: JSONFieldError(
                field: "payload.amount", kind: .wrongShape,
                detail: "9223372036854775808 is not a whole number from -9223372036854775808 to 9223372036854775807")
        ) {
            try ExpenseOperation(json: Array(text.utf8))
        }
    }
}
