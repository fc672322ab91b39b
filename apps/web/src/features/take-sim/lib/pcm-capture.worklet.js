// The take-sim screen's audio worklet (lib/pcm-capture.ts): hands the microphone's samples (channel 0) to the
// page in batches of about 85 ms, and outputs silence. Plain JavaScript loaded by URL with
// audioWorklet.addModule: the app's Content-Security-Policy allows scripts of its own origin only, so the
// module is its own file (imported with ?no-inline&url), never a blob: or data: URL.
const BATCH = 4096;

class PcmCaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.buffer = new Float32Array(BATCH);
    this.filled = 0;
    this.port.onmessage = (event) => {
      if (event.data === 'flush') this.flush();
    };
  }

  flush() {
    if (this.filled === 0) return;
    const chunk = this.buffer.slice(0, this.filled);
    this.port.postMessage(chunk, [chunk.buffer]);
    this.filled = 0;
  }

  process(inputs) {
    const channel = inputs[0]?.[0];
    if (channel) {
      let offset = 0;
      while (offset < channel.length) {
        const take = Math.min(channel.length - offset, BATCH - this.filled);
        this.buffer.set(channel.subarray(offset, offset + take), this.filled);
        this.filled += take;
        offset += take;
        if (this.filled === BATCH) this.flush();
      }
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCaptureProcessor);
