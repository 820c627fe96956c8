package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a scalar known only at run time (a mean, a maximum length), set on the generated
 * builder by the method of the same name and handed, as a constant of the graph functions, to
 * every {@link Map} that takes a parameter of this name and type.
 *
 * <pre>{@code @RunTimeValue Operand<TFloat32> meanLength();}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface RunTimeValue {}
