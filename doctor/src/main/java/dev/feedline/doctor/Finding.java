package dev.feedline.doctor;

/**
 * One thing the doctor found, tied to the seeds' symptom-to-cause table and to the compile-time
 * rule that prevents it.
 *
 * @param stage the stage to change
 * @param symptom the row of the first seed article's symptom-to-cause table it is, or what it is
 *     when the table has no row for it
 * @param evidence what was measured, with numbers
 * @param rule the id of the processor's rule that prevents it ({@code docs/rules.md})
 * @param fix the annotation change to make
 */
public record Finding(String stage, String symptom, String evidence, String rule, String fix) {}
