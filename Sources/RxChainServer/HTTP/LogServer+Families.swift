extension LogServer {
    /// `GET /families/A/B`: the family's owner and members, for its members.
    func describeFamily(_ request: ServerRequest, _ family: LogFamily) throws -> ServerResponse {
        let user = try authenticate(request).user
        let membership: (owner: String, members: Set<String>)
        do {
            membership = try access.members(of: family, visibleTo: user)
        } catch {
            throw ServerError(error)
        }
        return .json { object in
            object.member("family", family.description)
            object.member("owner", membership.owner)
            object.member("members", strings: membership.members.sorted())
        }
    }

    /// `POST /families/A/B/claim`: makes the user the owner of a family nobody owns yet.
    func claim(_ request: ServerRequest, _ family: LogFamily) async throws -> ServerResponse {
        let user = try authenticate(request).user
        do {
            try await access.claim(family: family, by: user)
        } catch {
            throw ServerError(error)
        }
        return .json(201) { object in
            object.member("family", family.description)
            object.member("owner", user)
        }
    }

    /// `PUT /families/A/B/members/USER`: the owner makes `member` a member.
    func grant(_ request: ServerRequest, _ family: LogFamily, member: String) async throws -> ServerResponse {
        let user = try authenticate(request).user
        do {
            try await access.grant(family: family, user: member, by: user)
        } catch {
            throw ServerError(error)
        }
        return .noContent
    }

    /// `DELETE /families/A/B/members/USER`: the owner ends `member`'s membership.
    func revoke(_ request: ServerRequest, _ family: LogFamily, member: String) async throws -> ServerResponse {
        let user = try authenticate(request).user
        do {
            try await access.revoke(family: family, user: member, by: user)
        } catch {
            throw ServerError(error)
        }
        return .noContent
    }

    /// `GET /ready`: 200 while storage takes writes; 503 once it refused to (a failed fsync).
    func ready() throws -> ServerResponse {
        if let failure = book.storageFailure {
            throw ServerError.unavailable("storage does not take writes: \(failure)")
        }
        return .json { $0.member("status", "ready") }
    }
}
