//! The net: a fully convolutional residual tower with a policy head and "Faster to Life" d-win
//! heads (the RZS paper, AAAI 2022, section "Faster to Life"), on libtorch through `tch`.
//!
//! - Stem: 3x3 convolution from the input planes to `channels`, batch norm, ReLU.
//! - Tower: `blocks` residual blocks (3x3 conv, BN, ReLU, 3x3 conv, BN, add the input, ReLU).
//! - Policy: 1x1 conv to 2 channels, BN, ReLU, 1x1 conv to one logit per point; the pass logit
//!   comes from the tower's global average through a linear layer. Output: `H*W + 1` logits.
//! - d-win: the tower's global average, a linear layer with ReLU, a linear layer to
//!   `dwin_heads` logits, sigmoid: the probability of reaching the goal within d moves.
//!
//! Every layer is size-independent, so one net runs on any crop of any board.

use std::path::Path;
use std::sync::Mutex;

use tch::nn;
use tch::{Device, Kind, TchError, Tensor};
use tsumego_nn_abi::{
    DeviceRequest, NetOutputs, NetSpec, MAX_BATCH, MAX_BLOCKS, MAX_CHANNELS, MAX_DWIN_HEADS,
    MAX_PLANES, MAX_SIDE,
};

use crate::device::{select_device, SelectedDevice};

/// Why a net could not be made, loaded, saved or run.
#[derive(Debug)]
pub enum NetError {
    /// An argument out of range (shape, size, spec).
    Invalid(String),
    /// libtorch failed.
    Torch(TchError),
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetError::Invalid(message) => f.write_str(message),
            NetError::Torch(e) => write!(f, "libtorch: {e}"),
        }
    }
}

impl std::error::Error for NetError {}

impl From<TchError> for NetError {
    fn from(e: TchError) -> Self {
        NetError::Torch(e)
    }
}

/// Checks a spec against the module's bounds.
pub fn validate_spec(spec: &NetSpec) -> Result<(), NetError> {
    let checks = [
        ("input_planes", spec.input_planes, MAX_PLANES),
        ("blocks", spec.blocks, MAX_BLOCKS),
        ("channels", spec.channels, MAX_CHANNELS),
        ("dwin_heads", spec.dwin_heads, MAX_DWIN_HEADS),
    ];
    for (name, value, max) in checks {
        // A tower of zero blocks is allowed (stem and heads only); nothing else may be zero.
        let min = u32::from(name != "blocks");
        if value < min || value > max {
            return Err(NetError::Invalid(format!(
                "net spec: {name} = {value} is outside {min}..={max}"
            )));
        }
    }
    Ok(())
}

/// A convolution followed by batch norm.
#[derive(Debug)]
struct ConvBn {
    conv: nn::Conv2D,
    bn: nn::BatchNorm,
}

impl ConvBn {
    fn new(path: &nn::Path, c_in: i64, c_out: i64, kernel: i64) -> Self {
        let config = nn::ConvConfig {
            padding: kernel / 2,
            bias: false,
            ..Default::default()
        };
        ConvBn {
            conv: nn::conv2d(path / "conv", c_in, c_out, kernel, config),
            bn: nn::batch_norm2d(path / "bn", c_out, Default::default()),
        }
    }

    fn forward(&self, xs: &Tensor, train: bool) -> Tensor {
        xs.apply(&self.conv).apply_t(&self.bn, train)
    }
}

/// One residual block.
#[derive(Debug)]
struct Block {
    first: ConvBn,
    second: ConvBn,
}

impl Block {
    fn forward(&self, xs: &Tensor, train: bool) -> Tensor {
        let ys = self.first.forward(xs, train).relu();
        (self.second.forward(&ys, train) + xs).relu()
    }
}

/// The layers (their tensors live in the [`Net`]'s var store).
#[derive(Debug)]
pub(crate) struct Layers {
    stem: ConvBn,
    blocks: Vec<Block>,
    policy_conv: ConvBn,
    policy_out: nn::Conv2D,
    pass: nn::Linear,
    dwin_hidden: nn::Linear,
    dwin_out: nn::Linear,
}

impl Layers {
    fn new(root: &nn::Path, spec: &NetSpec) -> Self {
        let c = i64::from(spec.channels);
        let blocks = (0..spec.blocks)
            .map(|i| {
                let path = root / "tower" / i;
                Block {
                    first: ConvBn::new(&(&path / "a"), c, c, 3),
                    second: ConvBn::new(&(&path / "b"), c, c, 3),
                }
            })
            .collect();
        Layers {
            stem: ConvBn::new(&(root / "stem"), i64::from(spec.input_planes), c, 3),
            blocks,
            policy_conv: ConvBn::new(&(root / "policy"), c, 2, 1),
            policy_out: nn::conv2d(root / "policy" / "out", 2, 1, 1, Default::default()),
            pass: nn::linear(root / "pass", c, 1, Default::default()),
            dwin_hidden: nn::linear(root / "dwin" / "hidden", c, c, Default::default()),
            dwin_out: nn::linear(
                root / "dwin" / "out",
                c,
                i64::from(spec.dwin_heads),
                Default::default(),
            ),
        }
    }

    /// `xs`: [N, planes, H, W] → (policy logits [N, H*W+1], d-win probabilities [N, D]).
    fn forward(&self, xs: &Tensor) -> (Tensor, Tensor) {
        let (policy, dwin) = self.forward_logits(xs, false);
        (policy, dwin.sigmoid())
    }

    /// `xs`: [N, planes, H, W] → (policy logits [N, H*W+1], d-win logits [N, D]); batch norm
    /// in training mode (batch statistics, running averages updated) when `train`.
    pub(crate) fn forward_logits(&self, xs: &Tensor, train: bool) -> (Tensor, Tensor) {
        let mut trunk = self.stem.forward(xs, train).relu();
        for block in &self.blocks {
            trunk = block.forward(&trunk, train);
        }
        let n = trunk.size()[0];
        let pooled = trunk.mean_dim(&[2i64, 3][..], false, Kind::Float);
        let points = self
            .policy_conv
            .forward(&trunk, train)
            .relu()
            .apply(&self.policy_out)
            .view([n, -1]);
        let pass = pooled.apply(&self.pass);
        let policy = Tensor::cat(&[points, pass], 1);
        let dwin = pooled.apply(&self.dwin_hidden).relu().apply(&self.dwin_out);
        (policy, dwin)
    }
}

/// libtorch's random generator is global: nets made from seeds are made one at a time.
static SEEDING: Mutex<()> = Mutex::new(());

/// A net on its device.
#[derive(Debug)]
pub struct Net {
    pub(crate) vs: nn::VarStore,
    pub(crate) layers: Layers,
    spec: NetSpec,
    selected: SelectedDevice,
    /// The optimiser's momentum buffers by variable name (made by the first training step).
    pub(crate) momentum: std::collections::BTreeMap<String, Tensor>,
}

impl Net {
    /// A net of shape `spec` with weights drawn from libtorch's generator seeded with `seed`
    /// (made on the CPU, then moved, so a seed gives the same weights on every device).
    pub fn seeded(spec: NetSpec, seed: u64, device: DeviceRequest) -> Result<Net, NetError> {
        validate_spec(&spec)?;
        let selected = select_device(device);
        let mut vs = nn::VarStore::new(Device::Cpu);
        let layers = {
            let _guard = SEEDING
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            tch::manual_seed(seed as i64);
            Layers::new(&vs.root(), &spec)
        };
        vs.set_device(selected.device);
        Ok(Net {
            vs,
            layers,
            spec,
            selected,
            momentum: Default::default(),
        })
    }

    /// A net of shape `spec` with the weights of the safetensors file at `path`. Every tensor
    /// the net has must be in the file with its exact shape, and the file may hold nothing
    /// else; the error lists what differs.
    pub fn load(spec: NetSpec, path: &Path, device: DeviceRequest) -> Result<Net, NetError> {
        let net = Net::seeded(spec, 0, device)?;
        let file = Tensor::read_safetensors(path).map_err(|e| {
            NetError::Invalid(format!(
                "{}: not a readable safetensors file: {e}",
                path.display()
            ))
        })?;
        let mut wanted = net.vs.variables();
        let mut problems = Vec::new();
        let mut found = Vec::new();
        for (name, tensor) in file {
            match wanted.remove(&name) {
                None => problems.push(format!("unexpected tensor {name}")),
                Some(var) if var.size() != tensor.size() => problems.push(format!(
                    "{name} has shape {:?}, the net needs {:?}",
                    tensor.size(),
                    var.size()
                )),
                Some(var) => found.push((var, tensor)),
            }
        }
        let mut missing: Vec<_> = wanted.into_keys().collect();
        missing.sort();
        problems.extend(
            missing
                .into_iter()
                .map(|name| format!("missing tensor {name}")),
        );
        if !problems.is_empty() {
            problems.sort();
            let shown = problems.len().min(5);
            let more = problems.len() - shown;
            let tail = if more > 0 {
                format!(" (and {more} more)")
            } else {
                String::new()
            };
            return Err(NetError::Invalid(format!(
                "{}: weights do not fit the net {}: {}{tail}",
                path.display(),
                describe_spec(&spec),
                problems[..shown].join("; ")
            )));
        }
        tch::no_grad(|| -> Result<(), TchError> {
            for (mut var, tensor) in found {
                var.f_copy_(&tensor.f_to_kind(var.kind())?)?;
            }
            Ok(())
        })?;
        Ok(net)
    }

    /// Writes the weights as a safetensors file, atomically (a reader never sees half a file).
    pub fn save(&self, path: &Path) -> Result<(), NetError> {
        if path.extension().is_none_or(|ext| ext != "safetensors") {
            return Err(NetError::Invalid(format!(
                "{}: weights are saved as .safetensors files",
                path.display()
            )));
        }
        crate::atomic_file::write_atomically(path, |temp| Ok(self.vs.save(temp)?))
    }

    /// The net's shape.
    pub fn spec(&self) -> NetSpec {
        self.spec
    }

    /// Where the net runs.
    pub fn device(&self) -> &SelectedDevice {
        &self.selected
    }

    /// Evaluates `count` positions of `height` x `width` (`input` in NCHW order), with
    /// gradients off and batch norm in inference mode.
    pub fn forward(
        &self,
        count: u32,
        height: u32,
        width: u32,
        input: &[f32],
    ) -> Result<NetOutputs, NetError> {
        if count == 0 || count > MAX_BATCH {
            return Err(NetError::Invalid(format!(
                "batch of {count} positions (1..={MAX_BATCH})"
            )));
        }
        if !(1..=MAX_SIDE).contains(&height) || !(1..=MAX_SIDE).contains(&width) {
            return Err(NetError::Invalid(format!(
                "board {width}x{height} (sides 1..={MAX_SIDE})"
            )));
        }
        let planes = self.spec.input_planes;
        let dims = [count, planes, height, width].map(i64::from);
        let expected: i64 = dims.iter().product();
        if input.len() as i64 != expected {
            return Err(NetError::Invalid(format!(
                "{} input floats, {count} x {planes} x {height} x {width} = {expected} expected",
                input.len()
            )));
        }
        let (policy, dwin) = tch::no_grad(|| -> Result<(Tensor, Tensor), TchError> {
            let xs = Tensor::f_from_slice(input)?
                .f_view(dims)?
                .f_to_device(self.selected.device)?;
            let (policy, dwin) = self.layers.forward(&xs);
            Ok((
                policy.f_to_device(Device::Cpu)?,
                dwin.f_to_device(Device::Cpu)?,
            ))
        })?;
        Ok(NetOutputs {
            policy: to_vec(&policy)?,
            dwin: to_vec(&dwin)?,
        })
    }
}

fn to_vec(t: &Tensor) -> Result<Vec<f32>, TchError> {
    let t = t.f_contiguous()?.f_view([-1])?;
    Vec::<f32>::try_from(&t)
}

/// "5 blocks x 64 channels, 20 planes, 30 d-win heads".
pub fn describe_spec(spec: &NetSpec) -> String {
    format!(
        "{} blocks x {} channels, {} planes, {} d-win heads",
        spec.blocks, spec.channels, spec.input_planes, spec.dwin_heads
    )
}
