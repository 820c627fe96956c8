package dev.feedline.doctor;

/**
 * One thing the doctor found, tied to a symptom of docs/doctor.md's table ("From measurements to
 * findings") and to the compile-time rule that prevents it.
 *
 * @param stage the stage to change
 * @param symptom the symptom it is, as that table words it, or what it is when no symptom fits
 * @param evidence what was measured, with numbers
 * @param rule the id of the processor's rule that prevents it ({@code docs/rules.md})
 * @param fix the annotation change to make
 */
public record Finding(String stage, String symptom, String evidence, String rule, String fix) {}
