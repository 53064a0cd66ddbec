"""Package layout only (metadata lives in pyproject.toml): ``prompts/`` ships as ``reverie_prompts``."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["reverie", "reverie.*"]), "reverie_prompts"],
    package_dir={"reverie_prompts": "prompts"},
)
