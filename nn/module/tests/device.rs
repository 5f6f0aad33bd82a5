//! Device selection against the real libtorch: the one place a device is chosen.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use tch::{Cuda, Device, TchError, Tensor};
use tsumego_nn::device::{configure_inference_threads, select_device};
use tsumego_nn_abi::{DeviceRequest, DEVICE_AUTO, DEVICE_CPU, DEVICE_CUDA};

fn request(kind: u32, index: u32) -> DeviceRequest {
    DeviceRequest { kind, index }
}

#[test]
fn auto_picks_cuda_only_when_available() {
    let selected = select_device(request(DEVICE_AUTO, 0));
    let expected = if Cuda::is_available() {
        Device::Cuda(0)
    } else {
        Device::Cpu
    };
    assert_eq!(selected.device, expected);
    assert_eq!(selected.note, None);
}

#[test]
fn cpu_request_is_honoured() {
    let selected = select_device(request(DEVICE_CPU, 0));
    assert_eq!(selected.device, Device::Cpu);
    assert_eq!(selected.note, None);
}

#[test]
fn missing_cuda_device_falls_back_to_cpu_with_a_note() {
    let selected = select_device(request(DEVICE_CUDA, 1000));
    assert_eq!(selected.device, Device::Cpu);
    assert!(selected.note.is_some_and(|note| note.contains("1000")));
    if !Cuda::is_available() {
        assert_eq!(select_device(request(DEVICE_CUDA, 0)).device, Device::Cpu);
    }
}

#[test]
fn unknown_kind_falls_back_to_cpu_with_a_note() {
    let selected = select_device(request(77, 0));
    assert_eq!(selected.device, Device::Cpu);
    assert!(selected.note.is_some_and(|note| note.contains("77")));
}

#[test]
fn matmul_on_the_selected_device() -> Result<(), TchError> {
    let device = select_device(request(DEVICE_AUTO, 0)).device;
    let a = Tensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0])
        .reshape([2, 2])
        .to_device(device);
    let b = Tensor::from_slice(&[5.0f32, 6.0, 7.0, 8.0])
        .reshape([2, 2])
        .to_device(device);
    let product = a.f_matmul(&b)?;
    assert_eq!(product.device(), device);
    let rows = Vec::<Vec<f32>>::try_from(&product.to_device(Device::Cpu))?;
    assert_eq!(rows, [[19.0, 22.0], [43.0, 50.0]]);
    Ok(())
}

#[test]
fn inference_uses_one_intra_op_thread() {
    configure_inference_threads();
    configure_inference_threads();
    assert_eq!(tch::get_num_threads(), 1);
    let description = select_device(request(DEVICE_CPU, 0)).description();
    assert_eq!(description, "CPU (libtorch 2.13.0, 1 intra-op thread)");
}
