import RxChainServer
import Testing

@Suite struct AccessPolicyTests {
    let log = AccessFixtures.log

    @Test func combiningKeepsEveryRuleAndHookInOrder() throws {
        let first = AccessPolicy(
            rules: [AccessRule("shared/**", read: { _ in .allowed }, append: { _ in .refused(reason: "first") })],
            hooks: [FamilyAppendHook(kind: "lists") { _, _ in [.grant("a")] }])
        let second = AccessPolicy(
            rules: [
                AccessRule("shared/{x}", read: { _ in .refused(reason: "second") }, append: { _ in .allowed }),
                .family("lists"),
            ],
            hooks: [FamilyAppendHook(kind: "groups") { _, _ in [] }])
        let combined = AccessPolicy(combining: [first, second])
        #expect(combined.rules.map(\.pattern.description) == ["shared/**", "shared/{x}", "lists/{family}/**"])
        #expect(combined.hooks.map(\.kind) == ["lists", "groups"])
        // `shared/one` matches both; the first rule decides.
        let match = try #require(combined.rule(for: log("shared/one")))
        #expect(match.rule.pattern.description == "shared/**")
        #expect(match.captures.remainder == ["one"])
    }

    @Test func familyKindsAreTheLeadingLiteralsOfRulesThatClaimFamilies() {
        let custom = AccessRule(
            "boards/{board}/**", claimsFamilyOnFirstAppend: true, read: { _ in .allowed }, append: { _ in .allowed })
        let plain = AccessRule("notes/{note}/**", read: { _ in .allowed }, append: { _ in .allowed })
        let policy = AccessPolicy(rules: [.personal(), .mailboxes(), .family("lists"), custom, plain])
        #expect(policy.familyKinds == ["lists", "boards"])
    }

    @Test func noRuleMatchesAReservedLog() {
        #expect(AccessFixtures.standardPolicy.rule(for: log("server/families")) == nil)
        #expect(AccessFixtures.standardPolicy.rule(for: log("users/alice/actions")) != nil)
    }
}
