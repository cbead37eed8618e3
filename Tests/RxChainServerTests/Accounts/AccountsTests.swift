import Foundation
import Testing

@testable import RxChainServer

@Suite struct AccountsTests {
    let fixture = AccountsFixture()

    @Test func signupThenLoginGivesAnAccessTokenThatAuthenticatesTheDevice() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "correct horse")
        let tokens = try await accounts.login(user: "alice", password: "correct horse", device: "laptop")
        let principal = try accounts.authenticate(accessToken: tokens.accessToken)
        #expect(
            principal
                == Principal(
                    user: "alice", device: "laptop", session: tokens.session, accountId: 1,
                    apiToken: try #require(accounts.apiToken(of: "alice"))))
        #expect(tokens.accessTokenExpiresAt == fixture.clock.now + 15 * 60)
        #expect(Base64URL.decode(tokens.refreshToken)?.count == 32)
        #expect(accounts.hasAccount("alice"))
        #expect(!accounts.hasAccount("bob"))
    }

    @Test func unknownUserAndWrongPasswordGetTheSameRefusal() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "secret")
        let wrongPassword = await #expect(throws: AccountError.self) {
            try await accounts.login(user: "alice", password: "Secret", device: "laptop")
        }
        let unknownUser = await #expect(throws: AccountError.self) {
            try await accounts.login(user: "mallory", password: "secret", device: "laptop")
        }
        #expect(wrongPassword == .wrongCredentials)
        #expect(unknownUser == .wrongCredentials)
        #expect(wrongPassword?.description == unknownUser?.description)
        #expect(wrongPassword?.httpStatus == 401)
    }

    @Test func aTakenNameIsRefusedAlsoInAnotherCase() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "one")
        for name in ["alice", "Alice", "ALICE"] {
            let error = await #expect(throws: AccountError.self) {
                try await accounts.signup(user: name, password: "two")
            }
            #expect(error == .userTaken)
            #expect(error?.httpStatus == 409)
        }
        // The first password still works: the refused sign-ups changed nothing.
        _ = try await accounts.login(user: "alice", password: "one", device: "laptop")
    }

    @Test(arguments: [
        ("", "user"), ("a/b", "user"), ("al ice", "user"), ("..", "user"), ("a.b", "user"),
        (String(repeating: "a", count: 65), "user"), ("é", "user"),
    ])
    func badUserNamesAreRefusedNamingTheField(user: String, field: String) async {
        let accounts = fixture.accounts()
        let error = await #expect(throws: AccountError.self) { try await accounts.signup(user: user, password: "pw") }
        guard case .invalidField(let named, _) = error else {
            Issue.record("expected invalidField, got \(String(describing: error))")
            return
        }
        #expect(named == field)
        #expect(error?.httpStatus == 400)
        #expect(error?.description.hasPrefix("user ") == true)
    }

    @Test func emptyAndOverlongPasswordsAreRefusedNamingTheFieldNeverItsValue() async throws {
        let accounts = fixture.accounts()
        let empty = await #expect(throws: AccountError.self) { try await accounts.signup(user: "alice", password: "") }
        #expect(empty == .invalidField(field: "password", problem: "is empty"))
        let long = String(repeating: "p", count: 1025)
        let overlong = await #expect(throws: AccountError.self) {
            try await accounts.signup(user: "alice", password: long)
        }
        #expect(overlong?.description.hasPrefix("password ") == true)
        #expect(overlong?.description.contains(long) == false)
        try await accounts.signup(user: "alice", password: "fine")
        let loginEmpty = await #expect(throws: AccountError.self) {
            try await accounts.login(user: "alice", password: "", device: "laptop")
        }
        #expect(loginEmpty == .invalidField(field: "password", problem: "is empty"))
        let badDevice = await #expect(throws: AccountError.self) {
            try await accounts.login(user: "alice", password: "fine", device: "my laptop")
        }
        guard case .invalidField(field: "device", _) = badDevice else {
            Issue.record("expected the device field to be named, got \(String(describing: badDevice))")
            return
        }
    }

    @Test func signupsCanBeClosed() async {
        let accounts = fixture.accounts(signupsOpen: false)
        let error = await #expect(throws: AccountError.self) {
            try await accounts.signup(user: "alice", password: "pw")
        }
        #expect(error == .signupClosed)
        #expect(error?.httpStatus == 403)
        #expect(!accounts.hasAccount("alice"))
    }

    @Test func anExpiredAccessTokenIsRefusedAndARefreshGivesAWorkingOne() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "pw")
        let tokens = try await accounts.login(user: "alice", password: "pw", device: "laptop")
        fixture.clock.advance(by: 15 * 60 - 1)
        #expect(try accounts.authenticate(accessToken: tokens.accessToken).user == "alice")
        fixture.clock.advance(by: 1)
        #expect(throws: AccountError.expiredAccessToken) { try accounts.authenticate(accessToken: tokens.accessToken) }
        let refreshed = try await accounts.refresh(refreshToken: tokens.refreshToken)
        #expect(refreshed.session == tokens.session)
        #expect(try accounts.authenticate(accessToken: refreshed.accessToken).device == "laptop")
    }

    @Test func aRefreshTokenWorksOnceThenItsSuccessorTakesOver() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "pw")
        let first = try await accounts.login(user: "alice", password: "pw", device: "laptop")
        let second = try await accounts.refresh(refreshToken: first.refreshToken)
        #expect(second.refreshToken != first.refreshToken)
        await #expect(throws: AccountError.invalidRefreshToken) {
            try await accounts.refresh(refreshToken: first.refreshToken)
        }
        let third = try await accounts.refresh(refreshToken: second.refreshToken)
        #expect(third.session == first.session)
        for malformed in ["", "not base64!", Base64URL.encode([1, 2, 3]), first.accessToken] {
            await #expect(throws: AccountError.invalidRefreshToken) {
                try await accounts.refresh(refreshToken: malformed)
            }
        }
    }

    @Test func anAccessTokenFromBeforeARefreshWorksUntilItExpires() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "pw")
        let first = try await accounts.login(user: "alice", password: "pw", device: "laptop")
        fixture.clock.advance(by: 60)
        let second = try await accounts.refresh(refreshToken: first.refreshToken)
        #expect(second.accessTokenExpiresAt == first.accessTokenExpiresAt + 60)
        #expect(try accounts.authenticate(accessToken: first.accessToken).session == first.session)
        fixture.clock.advance(by: 15 * 60 - 60)
        #expect(throws: AccountError.expiredAccessToken) { try accounts.authenticate(accessToken: first.accessToken) }
        #expect(try accounts.authenticate(accessToken: second.accessToken).session == first.session)
    }

    @Test func refreshingOnOneDeviceLeavesTheOtherSignedIn() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "pw")
        let laptop = try await accounts.login(user: "alice", password: "pw", device: "laptop")
        let phone = try await accounts.login(user: "alice", password: "pw", device: "phone")
        #expect(laptop.session != phone.session)
        let laptopAgain = try await accounts.refresh(refreshToken: laptop.refreshToken)
        _ = try await accounts.refresh(refreshToken: laptopAgain.refreshToken)
        #expect(try accounts.authenticate(accessToken: phone.accessToken).device == "phone")
        let phoneAgain = try await accounts.refresh(refreshToken: phone.refreshToken)
        #expect(try accounts.authenticate(accessToken: phoneAgain.accessToken).device == "phone")
        #expect(accounts.devices(of: "alice").map(\.device) == ["laptop", "phone"])
    }

    @Test func revokingADeviceEndsItsAccessAndRefreshTokensAtOnceAndOnlyItsOwn() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "pw")
        let laptop = try await accounts.login(user: "alice", password: "pw", device: "laptop")
        let phone = try await accounts.login(user: "alice", password: "pw", device: "phone")
        // Used once before (its signature then known to the server): the revoke still ends it.
        #expect(try accounts.authenticate(accessToken: phone.accessToken).device == "phone")
        try await accounts.revoke(device: "phone", of: "alice")
        #expect(throws: AccountError.sessionEnded) { try accounts.authenticate(accessToken: phone.accessToken) }
        await #expect(throws: AccountError.invalidRefreshToken) {
            try await accounts.refresh(refreshToken: phone.refreshToken)
        }
        #expect(try accounts.authenticate(accessToken: laptop.accessToken).device == "laptop")
        #expect(accounts.devices(of: "alice").map(\.device) == ["laptop"])
        let again = await #expect(throws: AccountError.self) { try await accounts.revoke(device: "phone", of: "alice") }
        #expect(again == .unknownDevice("phone"))
        #expect(again?.httpStatus == 404)
    }

    @Test func aUserCannotRevokeAnotherUsersDevice() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "pw")
        try await accounts.signup(user: "bob", password: "pw")
        let alice = try await accounts.login(user: "alice", password: "pw", device: "laptop")
        await #expect(throws: AccountError.unknownDevice("laptop")) {
            try await accounts.revoke(device: "laptop", of: "bob")
        }
        #expect(try accounts.authenticate(accessToken: alice.accessToken).user == "alice")
    }

    @Test func logoutEndsTheSessionAndARepeatIsRefused() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "pw")
        let tokens = try await accounts.login(user: "alice", password: "pw", device: "laptop")
        let principal = try accounts.authenticate(accessToken: tokens.accessToken)
        try await accounts.logout(principal)
        #expect(throws: AccountError.sessionEnded) { try accounts.authenticate(accessToken: tokens.accessToken) }
        await #expect(throws: AccountError.invalidRefreshToken) {
            try await accounts.refresh(refreshToken: tokens.refreshToken)
        }
        await #expect(throws: AccountError.sessionEnded) { try await accounts.logout(principal) }
        #expect(accounts.devices(of: "alice").isEmpty)
    }

    @Test func loggingInAgainOnADeviceReplacesItsSession() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "pw")
        let old = try await accounts.login(user: "alice", password: "pw", device: "laptop")
        let new = try await accounts.login(user: "alice", password: "pw", device: "laptop")
        #expect(old.session != new.session)
        #expect(throws: AccountError.sessionEnded) { try accounts.authenticate(accessToken: old.accessToken) }
        await #expect(throws: AccountError.invalidRefreshToken) {
            try await accounts.refresh(refreshToken: old.refreshToken)
        }
        #expect(try accounts.authenticate(accessToken: new.accessToken).session == new.session)
        #expect(accounts.devices(of: "alice").map(\.session) == [new.session])
    }

    @Test func aRestartedServerFoldsTheSameAccountsAndSessions() async throws {
        let before = fixture.accounts()
        try await before.signup(user: "alice", password: "pw")
        try await before.signup(user: "bob", password: "pw2")
        let laptop = try await before.login(user: "alice", password: "pw", device: "laptop")
        let phone = try await before.login(user: "alice", password: "pw", device: "phone")
        let tablet = try await before.login(user: "alice", password: "pw", device: "tablet")
        let rotated = try await before.refresh(refreshToken: laptop.refreshToken)
        try await before.revoke(device: "tablet", of: "alice")

        let after = fixture.accounts()
        #expect(after.devices(of: "alice") == before.devices(of: "alice"))
        #expect(after.devices(of: "alice").map(\.device) == ["laptop", "phone"])
        #expect(try after.authenticate(accessToken: rotated.accessToken).device == "laptop")
        #expect(try after.authenticate(accessToken: phone.accessToken).device == "phone")
        #expect(throws: AccountError.sessionEnded) { try after.authenticate(accessToken: tablet.accessToken) }
        await #expect(throws: AccountError.invalidRefreshToken) {
            try await after.refresh(refreshToken: laptop.refreshToken)
        }
        _ = try await after.refresh(refreshToken: rotated.refreshToken)
        _ = try await after.login(user: "bob", password: "pw2", device: "desk")
        await #expect(throws: AccountError.userTaken) { try await after.signup(user: "bob", password: "x") }
    }

    @Test func oneServersChangesReachAnotherOverTheSameBook() async throws {
        let first = fixture.accounts()
        let second = fixture.accounts()
        try await first.signup(user: "alice", password: "pw")
        let tokens = try await second.login(user: "alice", password: "pw", device: "laptop")
        #expect(try first.authenticate(accessToken: tokens.accessToken).user == "alice")
        try await first.revoke(device: "laptop", of: "alice")
        #expect(throws: AccountError.sessionEnded) { try second.authenticate(accessToken: tokens.accessToken) }
    }

    @Test func theLogHoldsNoPasswordAndNoRefreshTokenInClear() async throws {
        let accounts = fixture.accounts()
        try await accounts.signup(user: "alice", password: "hunter2-secret")
        let tokens = try await accounts.login(user: "alice", password: "hunter2-secret", device: "laptop")
        let refreshed = try await accounts.refresh(refreshToken: tokens.refreshToken)
        let text = fixture.book.read(Accounts.log).entries.map { String(decoding: $0.body, as: UTF8.self) }
            .joined(separator: "\n")
        #expect(fixture.book.revision(of: Accounts.log) == 3)
        for secret in ["hunter2-secret", tokens.refreshToken, refreshed.refreshToken, tokens.accessToken] {
            #expect(!text.contains(secret))
        }
        #expect(text.contains(#""scheme":"pbkdf2-sha256","iterations":3"#))
        #expect(!tokens.description.contains(tokens.refreshToken))
        #expect(!tokens.description.contains(tokens.accessToken))
    }

    @Test func everyErrorHasAStatusAndADescription() {
        let errors: [AccountError] = [
            .invalidField(field: "user", problem: "is bad"), .signupClosed, .userTaken, .wrongCredentials,
            .invalidAccessToken, .expiredAccessToken, .sessionEnded, .invalidRefreshToken, .unknownDevice("d"),
            .storageFailed(.emptyID),
        ]
        #expect(errors.map(\.httpStatus) == [400, 403, 409, 401, 401, 401, 401, 401, 404, 503])
        #expect(errors.allSatisfy { !$0.description.isEmpty })
    }
}
