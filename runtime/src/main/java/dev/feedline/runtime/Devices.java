package dev.feedline.runtime;

import org.tensorflow.DeviceSpec;
import org.tensorflow.proto.ConfigProto;
import org.tensorflow.proto.GPUOptions;

/**
 * Where device stages run, and the session settings that let the same build run with or without
 * a GPU.
 */
public final class Devices {
  /** The training device: the first GPU. */
  public static final DeviceSpec GPU = DeviceSpec.newBuilder()
      .deviceType(DeviceSpec.DeviceType.GPU).deviceIndex(0).build();

  private Devices() {}

  /**
   * Session settings for pipelines with device stages: soft placement, so that ops placed on the
   * GPU run on the CPU where there is none, and GPU memory taken as needed rather than all at once.
   *
   * <pre>{@code Session session = new Session(graph, Devices.sessionConfig());}</pre>
   */
  public static ConfigProto sessionConfig() {
    return ConfigProto.newBuilder()
        .setAllowSoftPlacement(true)
        .setGpuOptions(GPUOptions.newBuilder().setAllowGrowth(true))
        .build();
  }
}
