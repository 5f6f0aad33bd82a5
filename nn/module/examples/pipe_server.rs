//! The inference-process alternative to the module (issue 16), kept to measure it against the
//! module: a process that links `tch`, makes a seeded net and answers batches over its standard
//! input and output. Run by `split_bench`; not part of the product.
//!
//! Protocol (little-endian): the client writes `count height width` as three u32, then
//! `count * planes * height * width` f32; the server answers with `count * (height*width + 1)`
//! policy floats then `count * dwin_heads` d-win floats. The server starts by writing one u32
//! (1) when its net is ready. End of input ends the server.

use std::io::{self, BufReader, BufWriter, Read, Write};

use tsumego_nn::net::Net;
use tsumego_nn_abi::{DeviceRequest, NetSpec, DEVICE_CPU};

fn read_u32(input: &mut impl Read) -> io::Result<u32> {
    let mut bytes = [0u8; 4];
    input.read_exact(&mut bytes)?;
    Ok(u32::from_le_bytes(bytes))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let [input_planes, blocks, channels, dwin_heads] = args[..] else {
        return Err("usage: pipe_server PLANES BLOCKS CHANNELS DWIN_HEADS".into());
    };
    let spec = NetSpec {
        input_planes,
        blocks,
        channels,
        dwin_heads,
    };
    let cpu = DeviceRequest {
        kind: DEVICE_CPU,
        index: 0,
    };
    let net = Net::seeded(spec, 1, cpu)?;
    let mut input = BufReader::new(io::stdin().lock());
    let mut output = BufWriter::new(io::stdout().lock());
    output.write_all(&1u32.to_le_bytes())?;
    output.flush()?;
    loop {
        let Ok(count) = read_u32(&mut input) else {
            return Ok(());
        };
        let height = read_u32(&mut input)?;
        let width = read_u32(&mut input)?;
        let n = (count * input_planes * height * width) as usize;
        let mut bytes = vec![0u8; n * 4];
        input.read_exact(&mut bytes)?;
        let floats: Vec<f32> = bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let outputs = net.forward(count, height, width, &floats)?;
        for x in outputs.policy.iter().chain(&outputs.dwin) {
            output.write_all(&x.to_le_bytes())?;
        }
        output.flush()?;
    }
}
