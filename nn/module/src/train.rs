//! Training: one step of SGD with momentum on a batch, and the momentum buffers saved and
//! loaded for resuming.
//!
//! The loss is the policy's cross-entropy against the target move (positions without one left
//! out) plus `dwin_weight` times the mean binary cross-entropy of the d-win heads (each label
//! weighted by its mask). Weight decay is L2 on every trainable tensor. The update is written
//! out here (not `tch::nn::Optimizer`) so that its state, the momentum buffers, can be saved
//! next to a checkpoint and a resumed run continues exactly.

use std::path::Path;

use tch::{Kind, Reduction, Tensor};
use tsumego_nn_abi::{TrainOptions, MAX_BATCH, MAX_SIDE};

use crate::net::{Net, NetError};

/// One batch of training data, borrowed from the caller.
#[derive(Debug, Clone, Copy)]
pub struct TrainBatch<'a> {
    pub count: u32,
    pub height: u32,
    pub width: u32,
    /// `count * planes * height * width` floats (NCHW).
    pub input: &'a [f32],
    /// `count` policy indices (-1: none).
    pub policy: &'a [i64],
    /// `count * dwin_heads` labels and their weights.
    pub dwin: &'a [f32],
    pub dwin_mask: &'a [f32],
}

impl Net {
    /// One training step; returns the (policy, d-win) losses before the update.
    pub fn train_step(
        &mut self,
        batch: &TrainBatch<'_>,
        options: &TrainOptions,
    ) -> Result<[f32; 2], NetError> {
        let spec = self.spec();
        let (n, h, w) = (batch.count, batch.height, batch.width);
        if n == 0 || n > MAX_BATCH || !(1..=MAX_SIDE).contains(&h) || !(1..=MAX_SIDE).contains(&w) {
            return Err(NetError::Invalid(format!(
                "training batch of {n} positions of {w}x{h}"
            )));
        }
        let heads = spec.dwin_heads as usize;
        let points = (h * w) as i64;
        let sizes = [
            (
                "input",
                batch.input.len(),
                (n * spec.input_planes * h * w) as usize,
            ),
            ("policy targets", batch.policy.len(), n as usize),
            ("d-win labels", batch.dwin.len(), n as usize * heads),
            ("d-win mask", batch.dwin_mask.len(), n as usize * heads),
        ];
        for (what, got, want) in sizes {
            if got != want {
                return Err(NetError::Invalid(format!(
                    "{what}: {got} values, {want} expected"
                )));
            }
        }
        if let Some(bad) = batch.policy.iter().find(|&&t| t < -1 || t > points) {
            return Err(NetError::Invalid(format!(
                "policy target {bad} outside -1..={points}"
            )));
        }
        let values = [
            options.learning_rate,
            options.momentum,
            options.weight_decay,
            options.dwin_weight,
        ];
        if values.iter().any(|v| !v.is_finite() || *v < 0.0) {
            return Err(NetError::Invalid(format!("training options {options:?}")));
        }
        if options.threads > 0 {
            tch::set_num_threads(options.threads as i32);
        }
        let device = self.device().device;
        let dims = [n, spec.input_planes, h, w].map(i64::from);
        let xs = Tensor::f_from_slice(batch.input)?
            .f_view(dims)?
            .f_to_device(device)?;
        let targets = Tensor::f_from_slice(batch.policy)?.f_to_device(device)?;
        let dwin_labels = Tensor::f_from_slice(batch.dwin)?
            .f_view([i64::from(n), heads as i64])?
            .f_to_device(device)?;
        let dwin_mask = Tensor::f_from_slice(batch.dwin_mask)?
            .f_view([i64::from(n), heads as i64])?
            .f_to_device(device)?;

        let (policy_logits, dwin_logits) = self.layers.forward_logits(&xs, true);
        let has_target = targets.f_ge(0)?.f_to_kind(Kind::Float)?;
        let log_p = policy_logits.f_log_softmax(1, Kind::Float)?;
        let picked = log_p
            .f_gather(1, &targets.f_clamp_min(0)?.f_unsqueeze(1)?, false)?
            .f_squeeze_dim(1)?;
        let policy_count = has_target.f_sum(Kind::Float)?.f_clamp_min(1.0)?;
        let policy_loss =
            (picked.f_mul(&has_target)?.f_sum(Kind::Float)?.f_neg()?).f_div(&policy_count)?;
        let mask_count = dwin_mask.f_sum(Kind::Float)?.f_clamp_min(1.0)?;
        let dwin_loss = dwin_logits
            .f_binary_cross_entropy_with_logits(
                &dwin_labels,
                Some(&dwin_mask),
                None::<&Tensor>,
                Reduction::Sum,
            )?
            .f_div(&mask_count)?;
        let loss = policy_loss.f_add(&dwin_loss.f_mul_scalar(f64::from(options.dwin_weight))?)?;

        let variables = self.vs.variables();
        for var in variables.values() {
            var.shallow_clone().zero_grad();
        }
        loss.f_backward()?;
        tch::no_grad(|| -> Result<(), NetError> {
            for (name, var) in &variables {
                if !var.requires_grad() {
                    continue;
                }
                let grad = var.grad();
                if !grad.defined() {
                    continue;
                }
                let step = grad.f_add(&var.f_mul_scalar(f64::from(options.weight_decay))?)?;
                let buffer = match self.momentum.remove(name) {
                    Some(buffer) => buffer
                        .f_mul_scalar(f64::from(options.momentum))?
                        .f_add(&step)?,
                    None => step,
                };
                let mut var = var.shallow_clone();
                let _ = var.f_sub_(&buffer.f_mul_scalar(f64::from(options.learning_rate))?)?;
                self.momentum.insert(name.clone(), buffer);
            }
            Ok(())
        })?;
        Ok([
            policy_loss.f_double_value(&[])? as f32,
            dwin_loss.f_double_value(&[])? as f32,
        ])
    }

    /// Writes the momentum buffers (none before the first step) as a safetensors file, atomically.
    pub fn save_momentum(&self, path: &Path) -> Result<(), NetError> {
        let named: Vec<(&str, Tensor)> = self
            .momentum
            .iter()
            .map(|(name, t)| (name.as_str(), t.shallow_clone()))
            .collect();
        crate::atomic_file::write_atomically(path, |temp| {
            Tensor::write_safetensors(&named, temp).map_err(NetError::from)
        })
    }

    /// Reads momentum buffers written by [`Net::save_momentum`]: every name must be a
    /// trainable tensor of the net with its shape.
    pub fn load_momentum(&mut self, path: &Path) -> Result<(), NetError> {
        let file = Tensor::read_safetensors(path).map_err(|e| {
            NetError::Invalid(format!(
                "{}: not a readable safetensors file: {e}",
                path.display()
            ))
        })?;
        let variables = self.vs.variables();
        let device = self.device().device;
        let mut loaded = std::collections::BTreeMap::new();
        for (name, tensor) in file {
            match variables.get(&name) {
                Some(var) if var.requires_grad() && var.size() == tensor.size() => {
                    loaded.insert(name, tensor.f_to_device(device)?);
                }
                _ => {
                    return Err(NetError::Invalid(format!(
                        "{}: momentum buffer {name} does not fit the net",
                        path.display()
                    )))
                }
            }
        }
        self.momentum = loaded;
        Ok(())
    }
}
