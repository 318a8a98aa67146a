package io.sluice.catalog;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.LocalDate;

/**
 * A run config day from {@code min} to {@code max}, both included (ISO dates); null is left to {@code @NotNull}. The
 * date counterpart of {@code @Min}/{@code @Max}: a launch outside is refused naming the field, and the config schema
 * shows the bounds as {@code formatMinimum}/{@code formatMaximum}.
 */
@Documented
@Constraint(validatedBy = DateBetween.Check.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface DateBetween {

    /** The first day allowed, like {@code 1900-01-01}. */
    String min();

    /** The last day allowed, like {@code 9999-12-31}. */
    String max();

    String message() default "must be a day from {min} to {max}";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Checks a {@link LocalDate} against the bounds. */
    class Check implements ConstraintValidator<DateBetween, LocalDate> {

        private LocalDate min;
        private LocalDate max;

        @Override
        public void initialize(DateBetween bounds) {
            min = LocalDate.parse(bounds.min());
            max = LocalDate.parse(bounds.max());
            if (min.isAfter(max)) {
                throw new IllegalArgumentException("@DateBetween: min " + min + " is after max " + max);
            }
        }

        @Override
        public boolean isValid(LocalDate value, ConstraintValidatorContext context) {
            return value == null || !(value.isBefore(min) || value.isAfter(max));
        }
    }
}
