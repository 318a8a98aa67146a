package io.sluice.automation;

/** The rule for schedule and sensor names: 1 to 200 letters, digits, {@code _ . -} (they appear in URLs). */
final class Names {

    private Names() {}

    static String check(String kind, String name) {
        if (name == null || name.length() > 200 || !name.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException(kind + " name '" + name + "' must be 1 to 200 letters, digits, _ . -");
        }
        return name;
    }
}
