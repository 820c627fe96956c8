package dev.feedline.processor.writing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.palantir.javapoet.NameAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Names as JavaPoet's {@code NameAllocator} allocates them, from shared fixed names. */
class NameScopeTest {
  private static final List<String> SUGGESTIONS = List.of("ids", "ids", "ids_", "class", "_",
      "1st", "a-b c", "über", "día", "π", "x\u0000y", "", "", "PIPELINE", "hashCode", "ramBudget",
      "\uD835\uDC00bold", "a\uD800b", "value$", "Function", "ids__");

  @Test
  void namesAreJavaPoetsForEverySuggestionAfterTheFixedNames() {
    List<String> fixed = List.of("PIPELINE", "hashCode", "ids_", "ids_");
    NameAllocator javaPoet = new NameAllocator();
    fixed.forEach(n -> javaPoet.newName(n, new Object()));
    NameScope scope = NameScope.startingWith(NameScope.fixed(fixed));
    List<String> expected = new ArrayList<>();
    List<String> actual = new ArrayList<>();
    for (String suggestion : SUGGESTIONS) {
      expected.add(javaPoet.newName(suggestion, new Object()));
      actual.add(scope.newName(suggestion));
    }
    assertEquals(expected, actual);
    assertEquals("ids", actual.get(0));
    assertEquals("ids___", actual.get(1), "ids_ was fixed twice: ids_ and ids__ are taken");
    assertEquals("xy", actual.get(10), "an identifier ignores NUL: JavaPoet drops it");
  }

  @Test
  void scopesStartingWithTheSameFixedNamesDoNotShareTheirOwn() {
    Set<String> fixed = NameScope.fixed(List.of("data"));
    NameScope a = NameScope.startingWith(fixed);
    NameScope b = NameScope.startingWith(fixed);
    assertEquals("data_", a.newName("data"));
    assertEquals("x", a.newName("x"));
    assertEquals("x", b.newName("x"));
    assertEquals(Set.of("data"), fixed);
  }
}
