"""Speech, image and detection models, loaded once as the module is imported."""

import io

import ffmpeg
import torch
import whisper
from diffusers import DiffusionPipeline
from fastapi import APIRouter, UploadFile
from faster_whisper import WhisperModel
from ultralytics import YOLO

router = APIRouter()
speech = whisper.load_model("base")
fast_speech = WhisperModel("small", device="cpu", compute_type="int8")
painter = DiffusionPipeline.from_pretrained("stabilityai/sdxl-turbo").to("cuda")
detector = YOLO("yolov8n.pt")


@router.post("/transcribe")
async def transcribe(path: str):
    return speech.transcribe(path)["text"]  # expect: UJ001


@router.post("/transcribe/fast")
async def transcribe_fast(path: str):
    segments, info = fast_speech.transcribe(path, beam_size=5)  # expect: UJ001
    return {"language": info.language}


@router.post("/paint")
async def paint(prompt: str):
    image = painter(prompt, num_inference_steps=1).images[0]  # expect: UJ001
    return {"size": image.size}


@router.post("/detect")
async def detect(upload: UploadFile):
    results = detector(upload.filename)  # expect: UJ001
    return {"boxes": len(results[0].boxes)}


@router.post("/detect/offloaded")
def detect_offloaded(path: str):
    return {"boxes": len(detector.predict(path)[0].boxes)}  # ok (a `def` route: in the pool)


@router.post("/transcribe/reload")
async def transcribe_reload(path: str):
    model = whisper.load_model("tiny")  # expect: UJ001
    return model.transcribe(path)["text"]  # expect: UJ001


@router.post("/decode")
async def decode(upload: UploadFile):
    data = await upload.read()
    stream = ffmpeg.input("pipe:", threads=0).output("-", format="s16le", ac=1, ar=16000)
    out, _err = stream.run(capture_stdout=True, input=data)  # expect: UJ001
    return {"samples": len(out) // 2}


@router.post("/voices/{name}")
async def save_voice(name: str, upload: UploadFile):
    tensor = torch.load(io.BytesIO(await upload.read()), weights_only=True)  # ok (in memory)
    buffer = io.BytesIO()
    torch.save(tensor, buffer)  # ok (in memory)
    torch.save(tensor, f"voices/{name}.pt")  # expect: UJ001
    return {"bytes": len(buffer.getvalue())}


@router.get("/voices/{name}")
async def load_voice(name: str):
    return {"shape": list(torch.load(f"voices/{name}.pt").shape)}  # expect: UJ001


@router.post("/transcribe/upload")
async def transcribe_upload(path: str):
    import whisperx

    audio = whisperx.load_audio(path)  # expect: UJ001
    samples = whisper.audio.load_audio(path)  # expect: UJ001
    return {"seconds": len(audio) / 16000, "samples": len(samples)}


@router.post("/transcribe/upload/offloaded")
async def transcribe_upload_offloaded(path: str):
    import whisperx
    from starlette.concurrency import run_in_threadpool

    audio = await run_in_threadpool(whisperx.load_audio, path)  # ok (in a worker thread)
    return {"seconds": len(audio) / 16000}
