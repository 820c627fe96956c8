package dev.feedline.doctor;

/**
 * One sample of the process's resident memory.
 *
 * @param seconds since the doctor started
 * @param residentMb the resident set, in megabytes
 */
public record MemorySample(double seconds, double residentMb) {}
