from .youtube_downloader import X
