package io.sluice.web;

import io.sluice.access.Grants;
import io.sluice.access.User;
import io.sluice.identity.Grant;
import java.util.stream.Collectors;

/** A user as the users page lists them: never their password or its hash. */
public record UserRow(
        String name, String roles, String rolesText, String created, boolean mustChange, String disabled) {

    static UserRow of(User u) {
        return new UserRow(
                u.name(),
                u.grants().isEmpty()
                        ? "no role"
                        : u.grants().stream().map(Grant::toString).collect(Collectors.joining(", ")),
                String.join(", ", u.grants().stream().map(Grants::write).toList()),
                Format.time(u.created()),
                u.mustChangePassword(),
                u.disabled().map(Format::time).orElse(null));
    }
}
